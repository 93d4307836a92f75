import type { LoginResult, PhoneLoginRequest } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// On the sign-in page's path, which loads no schema (docs/performance.md): the path is written here, the type is the contract's.

/** POST /sys/phoneLogin: the code texted to the account's mobile signs in; the answer is the same as /sys/login's. */
export const usePhoneLogin = () => useMutation({ mutationFn: async (body: PhoneLoginRequest): Promise<LoginResult> => (await api.post<LoginResult>('/sys/phoneLogin', body)).result });
