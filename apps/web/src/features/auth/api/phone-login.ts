import { type LoginResult, type PhoneLoginRequest, selfServiceEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/phoneLogin: the code texted to the account's mobile signs in; the answer is the same as /sys/login's. */
export const usePhoneLogin = () => useMutation({ mutationFn: async (body: PhoneLoginRequest): Promise<LoginResult> => (await api.call(selfServiceEndpoints.phoneLogin, { body })).result });
