import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

export const fetchUserRoles = async (userId: string): Promise<string[]> =>
  (await api.get<string[]>('/sys/user/queryUserRole', { userid: userId })).result;

/** Role ids of one user, to preload the edit form; disabled while adding. */
export const useUserRoles = (userId: string | undefined) =>
  useQuery({
    queryKey: userKeys.userRoles(userId ?? ''),
    queryFn: () => fetchUserRoles(userId ?? ''),
    enabled: userId !== undefined,
    // Always reload: another administrator may have changed the roles since.
    staleTime: 0,
    gcTime: 0,
  });
