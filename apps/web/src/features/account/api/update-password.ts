import type { Envelope, UpdatePasswordRequest } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Changes the own password; the server signs out the user's other sessions. */
export const updatePassword = (body: UpdatePasswordRequest): Promise<Envelope<unknown>> => api.put<unknown>('/sys/user/updatePassword', body);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
