import { userEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  username: string;
  password: string;
  confirmpassword: string;
}

/** An administrator sets another user's password (no list data changes, so nothing to invalidate). */
export const resetUserPassword = (body: ResetPasswordInput) => api.call(userEndpoints.changePassword, { body });

export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });
