import { type UserStatus, userEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

export type FrozenStatus = (typeof UserStatus)[keyof typeof UserStatus];

export interface FrozenBatchInput {
  ids: string[];
  /** UserStatus.Frozen (2) freezes, UserStatus.Normal (1) unfreezes. */
  status: FrozenStatus;
}

export const frozenBatch = ({ ids, status }: FrozenBatchInput) => api.call(userEndpoints.frozenBatch, { body: { ids: ids.join(','), status } });

export const useFrozenBatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: frozenBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
};
