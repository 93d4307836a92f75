import type { LoginRequest, LoginResult } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// On the sign-in page's path, which loads no schema (docs/performance.md): the path is written here, the type is the contract's.

/** POST /sys/login: user name and password; the answer carries the token and user data. */
export const login = async (body: LoginRequest): Promise<LoginResult> => (await api.post<LoginResult>('/sys/login', body)).result;

export const useLogin = () => useMutation({ mutationFn: login });
