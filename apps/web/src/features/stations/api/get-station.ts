import { endpointsOfResource, stationResource } from '@cellsight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** Under the station resource's key: whatever refreshes the station lists refreshes the record too. */
export const stationRecordKey = (id: string) => [...resourceKeys.all(stationResource), 'record', id] as const;

/** GET /want/tbStation/queryById: one station the caller may see (404 otherwise). */
export const stationQuery = (id: string) =>
  queryOptions({
    queryKey: stationRecordKey(id),
    queryFn: async () => (await api.call(endpointsOfResource(stationResource).queryById, { query: { id } })).result,
  });

export const useStation = (id: string | null) => useQuery({ ...stationQuery(id ?? ''), enabled: Boolean(id) });
