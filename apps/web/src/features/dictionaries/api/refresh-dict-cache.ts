import { dictEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Drops the server's dictionary cache, then reloads the console's own dictionaries. */
export const useRefreshDictCache = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(dictEndpoints.refreshCache),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dictionaries'] }),
  });
};
