import type { UserPermissions } from '@cellsight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setPermissions } from '@/lib/permissions';

// On the sign-in page's path, which loads no schema (docs/performance.md): the path is written here, the type is the contract's.

/**
 * GET /sys/permission/getUserPermissionByToken: menu plus button permissions. Keyed by token so
 * a new sign-in never reuses another session's menu; fetched once per session.
 */
export const userPermissionsQuery = (token: string) =>
  queryOptions({
    queryKey: ['user-permissions', token],
    queryFn: async (): Promise<UserPermissions> => {
      const { result } = await api.get<UserPermissions>('/sys/permission/getUserPermissionByToken');
      setPermissions(result);
      return result;
    },
    staleTime: Infinity,
    // A failure signs the user out (spec section 2), so do not keep them waiting on retries.
    retry: false,
  });

export const useUserPermissions = (token: string) => useQuery(userPermissionsQuery(token));
