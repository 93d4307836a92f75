import { type Envelope } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** Moves several users to the recycle bin. */
export const deleteUsers = (ids: string[]): Promise<Envelope<unknown>> => api.delete<unknown>('/sys/user/deleteBatch', { ids: ids.join(',') });

export const useDeleteUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.recycleBin() }),
      ]),
  });
};
