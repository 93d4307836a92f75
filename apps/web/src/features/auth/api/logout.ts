import { api } from '@/lib/api-client';

/** POST /sys/logout. Callers sign out locally whatever the answer (spec section 4). */
export const logout = async (): Promise<void> => {
  await api.post<null>('/sys/logout');
};
