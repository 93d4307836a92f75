import { type LoginRequest, type LoginResult, authEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/neutral_login: the device portal's sign-in (accounts that may list loggers). */
export const useNeutralLogin = () => useMutation({ mutationFn: async (body: LoginRequest): Promise<LoginResult> => (await api.call(authEndpoints.neutralLogin, { body })).result });
