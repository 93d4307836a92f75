import { type Envelope } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** Moves one user to the recycle bin. */
export const deleteUser = (id: string): Promise<Envelope<unknown>> => api.delete<unknown>('/sys/user/delete', { id });

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.recycleBin() }),
      ]),
  });
};
