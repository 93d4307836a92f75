import { type DataLogRecord, type DataLogVersion, dataLogResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** Every logged version of one record, oldest first (`/sys/dataLog/queryDataVerList`). */
export const useDataLogVersions = (dataTable: string, dataId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...resourceKeys.all(dataLogResource), 'versions', dataTable, dataId],
    queryFn: async () => (await api.get<DataLogVersion[]>('/sys/dataLog/queryDataVerList', { dataTable, dataId })).result,
    enabled,
  });

/** Two log entries of the same record, older first (`/sys/dataLog/queryCompareList`). */
export const useDataLogCompare = (first: string | undefined, second: string | undefined) =>
  useQuery({
    queryKey: [...resourceKeys.all(dataLogResource), 'compare', first, second],
    queryFn: async () => (await api.get<DataLogRecord[]>('/sys/dataLog/queryCompareList', { dataId1: first, dataId2: second })).result,
    enabled: Boolean(first && second),
  });
