import { authEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /sys/user/getCurrentUserDeparts: the signed-in user's departments (and current one) and tenants. */
export const useWorkplaces = () =>
  useQuery({ queryKey: ['auth', 'workplaces'], queryFn: async () => (await api.call(authEndpoints.workplaces)).result, staleTime: 5 * 60_000 });
