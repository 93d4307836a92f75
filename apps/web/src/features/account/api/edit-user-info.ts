import type { EditInfoRequest, Envelope, UserInfo } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { accountKeys } from './account-keys';

export const editUserInfo = (body: EditInfoRequest): Promise<Envelope<UserInfo>> => api.put<UserInfo>('/sys/user/edit_info', body);

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
