import { api } from '@/lib/api-client';

/** POST /sys/logout for a session the client has already forgotten (spec section 4: clear, then tell the server). */
export const logout = async (token: string): Promise<void> => {
  await api.post<null>('/sys/logout', undefined, undefined, { token });
};
