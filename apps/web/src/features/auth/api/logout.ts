import { authEndpoints } from '@cellsight/contract';
import { api } from '@/lib/api-client';

/**
 * POST /sys/logout for a session the client has already forgotten (spec section 4: clear, then tell
 * the server). `api.call` sends the current session's token, so this sends the forgotten one itself.
 */
export const logout = async (token: string): Promise<void> => {
  await api.post<null>(authEndpoints.logout.path, undefined, undefined, { token });
};
