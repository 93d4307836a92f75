import { userEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** Brings users back from the recycle bin. */
export const restoreUsers = (userIds: string[]) => api.call(userEndpoints.restoreRecycleBin, { body: { userIds: userIds.join(',') } });

export const useRestoreUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUsers,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.recycleBin() }),
      ]),
  });
};
