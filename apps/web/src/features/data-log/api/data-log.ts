import { dataLogEndpoints, dataLogResource, isDataLogTable } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** Every logged version of one record, oldest first (`/sys/dataLog/queryDataVerList`). */
export const useDataLogVersions = (dataTable: string, dataId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...resourceKeys.all(dataLogResource), 'versions', dataTable, dataId],
    queryFn: async () => {
      // The server keeps versions of its logged tables only; an entry of another has none to compare.
      if (!isDataLogTable(dataTable)) return [];
      return (await api.call(dataLogEndpoints.versions, { query: { dataTable, dataId } })).result;
    },
    enabled,
  });

/** Two log entries of the same record, older first (`/sys/dataLog/queryCompareList`). */
export const useDataLogCompare = (first: string | undefined, second: string | undefined) =>
  useQuery({
    queryKey: [...resourceKeys.all(dataLogResource), 'compare', first, second],
    queryFn: async () => (await api.call(dataLogEndpoints.compare, { query: { dataId1: first ?? '', dataId2: second ?? '' } })).result,
    enabled: Boolean(first && second),
  });
