import { type Envelope, type UserEditRequest } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

export const editUser = (body: UserEditRequest): Promise<Envelope<unknown>> => api.put<unknown>('/sys/user/edit', body);

export const useEditUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: (_envelope, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.userRoles(body.id) }),
      ]),
  });
};
