import { type LoginRequest, type LoginResult, authEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/login: user name and password; the answer carries the token and user data. */
export const login = async (body: LoginRequest): Promise<LoginResult> => (await api.call(authEndpoints.login, { body })).result;

export const useLogin = () => useMutation({ mutationFn: login });
