import { type UserPermissions, menuEndpoints } from '@cellsight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setPermissions } from '@/lib/permissions';

/**
 * GET /sys/permission/getUserPermissionByToken: menu plus button permissions. Keyed by token so
 * a new sign-in never reuses another session's menu; fetched once per session.
 */
export const userPermissionsQuery = (token: string) =>
  queryOptions({
    queryKey: ['user-permissions', token],
    queryFn: async (): Promise<UserPermissions> => {
      const { result } = await api.call(menuEndpoints.userPermissions);
      setPermissions(result);
      return result;
    },
    staleTime: Infinity,
    // A failure signs the user out (spec section 2), so do not keep them waiting on retries.
    retry: false,
  });

export const useUserPermissions = (token: string) => useQuery(userPermissionsQuery(token));
