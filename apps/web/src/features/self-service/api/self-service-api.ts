import { type AlterationRequest, type PasswordChangeRequest, type PhoneVerificationRequest, type RegisterRequest, selfServiceEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/user/register: a new end-user account, confirmed by the code. */
export const useRegister = () => useMutation({ mutationFn: async (body: RegisterRequest) => (await api.call(selfServiceEndpoints.register, { body })).result });

/** POST /sys/user/phoneVerification: find password, step 2 (the code stays unspent). */
export const useVerifyResetCode = () => useMutation({ mutationFn: async (body: PhoneVerificationRequest) => (await api.call(selfServiceEndpoints.verifyResetCode, { body })).result });

/** POST /sys/user/passwordChange: find password, step 3; every session of the account ends. */
export const useResetPassword = () => useMutation({ mutationFn: async (body: PasswordChangeRequest) => (await api.call(selfServiceEndpoints.resetPassword, { body })).result });

/** POST /sys/user/alteration: a new mobile or e-mail for the account. */
export const useAlterContact = () => useMutation({ mutationFn: async (body: AlterationRequest) => (await api.call(selfServiceEndpoints.alterContact, { body })).result });
