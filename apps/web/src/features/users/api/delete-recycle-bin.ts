import { userEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** Removes users from the recycle bin for good. */
export const purgeUsers = (userIds: string[]) => api.call(userEndpoints.deleteRecycleBin, { query: { userIds: userIds.join(',') } });

export const usePurgeUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.recycleBin() }),
  });
};
