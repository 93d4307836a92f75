import { type UpdatePasswordRequest, authEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Changes the own password; the server signs out the user's other sessions. */
export const updatePassword = (body: UpdatePasswordRequest) => api.call(authEndpoints.updatePassword, { body });

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
