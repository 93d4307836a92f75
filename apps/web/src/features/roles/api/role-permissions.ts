import { type SaveRolePermissionRequest, roleEndpoints } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './role-keys';

/** The whole menu and button tree (`/sys/permission/queryTreeList`). */
export const usePermissionTree = () =>
  useQuery({
    queryKey: roleKeys.permissionTree(),
    queryFn: async () => (await api.call(roleEndpoints.permissionTree)).result,
  });

/** The ids a role grants; always fresh, since the save revokes against them. */
export const useRoleGrants = (roleId: string) =>
  useQuery({
    queryKey: roleKeys.grants(roleId),
    queryFn: async () => (await api.call(roleEndpoints.grants, { query: { roleId } })).result,
    gcTime: 0,
  });

export const useSaveRoleGrants = (roleId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<SaveRolePermissionRequest, 'roleId'>) => api.call(roleEndpoints.saveGrants, { body: { ...request, roleId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.grants(roleId) }),
  });
};
