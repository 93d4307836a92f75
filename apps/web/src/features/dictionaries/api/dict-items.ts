import { type DictItemRecord, type DictItemSaveBatch, dictEndpoints, dictItemResource, endpointsOfResource, limits } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every item of one dictionary by sort order (the grid edits them all at once). */
export const fetchDictItems = async (dictId: string): Promise<DictItemRecord[]> =>
  (await api.call(endpointsOfResource(dictItemResource).list, { query: { dictId, pageNo: 1, pageSize: limits.pageSizeMax, column: 'sortOrder', order: 'asc' } })).result.records;

export const dictItemsKey = (dictId: string) => [dictItemResource.path, 'grid', dictId];

export const useDictItems = (dictId: string) =>
  useQuery({
    queryKey: dictItemsKey(dictId),
    queryFn: () => fetchDictItems(dictId),
    // The grid holds the person's edits: it reloads after a save or when told, never behind their back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** The grid's added, changed and removed items in one transaction. */
export const useSaveDictItems = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (batch: DictItemSaveBatch) => (await api.call(dictEndpoints.saveItems, { body: batch })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dictionaries'] }),
  });
};
