import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Drops the server's dictionary cache, then reloads the console's own dictionaries. */
export const useRefreshDictCache = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<null>('/sys/dict/refleshCache'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dictionaries'] }),
  });
};
