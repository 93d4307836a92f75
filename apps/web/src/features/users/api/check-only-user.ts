import { api } from '@/lib/api-client';

export type UniqueUserField = 'username' | 'email' | 'phone';

/**
 * Asks whether a user name, e-mail or phone is still free (`id` excludes the user being edited).
 * Resolves when free; a taken value makes the server answer success:false, which the client
 * throws as ApiError carrying the server message. A plain fetcher without a query hook: form
 * validators call it imperatively and the answer must never be cached.
 */
export const checkOnlyUser = async (field: UniqueUserField, value: string, id?: string): Promise<void> => {
  await api.get<unknown>('/sys/user/checkOnlyUser', { [field]: value, id });
};
