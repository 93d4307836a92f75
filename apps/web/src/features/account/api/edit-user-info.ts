import { type EditInfoRequest, userEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { accountKeys } from './account-keys';

export const editUserInfo = (body: EditInfoRequest) => api.call(userEndpoints.editInfo, { body });

/** Saves the own profile; the answer becomes the session's user info, so header avatar and name follow. */
export const useEditUserInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUserInfo,
    onSuccess: (envelope) => {
      const user = envelope.result;
      queryClient.setQueryData(accountKeys.profile(user.id), user);
      session.setUserInfo(user);
    },
  });
};
