import { stationEndpoints } from '@cellsight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /want/tbStation/owners: who a new station may belong to, the caller first, then the accounts below it. */
export const stationOwnersQuery = queryOptions({
  queryKey: ['station-owners'],
  queryFn: async () => (await api.call(stationEndpoints.owners)).result,
});

export const useStationOwners = (enabled = true) => useQuery({ ...stationOwnersQuery, enabled });
