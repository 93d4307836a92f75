import { type DepartRoleRecord, type SaveDepartPermissionRequest, type SaveDeptRolePermissionRequest, departResource, departRoleEndpoints, roleEndpoints } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of department permissions and department role grants, under the departments' own key. */
export const departPermissionKeys = {
  permissionTree: () => [departResource.path, 'permissionTree'] as const,
  grants: (departId: string) => [departResource.path, 'grants', departId] as const,
  roleTree: (departId: string) => [departResource.path, 'roleTree', departId] as const,
  roleGrants: (roleId: string) => [departResource.path, 'roleGrants', roleId] as const,
};

/** The whole menu and button tree: what a department may be given. */
export const usePermissionTree = () =>
  useQuery({
    queryKey: departPermissionKeys.permissionTree(),
    queryFn: async () => (await api.call(roleEndpoints.permissionTree)).result,
  });

/** The ids a department holds; always fresh, since the save revokes against them. */
export const useDepartGrants = (departId: string) =>
  useQuery({
    queryKey: departPermissionKeys.grants(departId),
    queryFn: async () => (await api.call(departRoleEndpoints.departGrants, { query: { departId } })).result,
    gcTime: 0,
  });

export const useSaveDepartGrants = (departId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<SaveDepartPermissionRequest, 'departId'>) => api.call(departRoleEndpoints.saveDepartGrants, { body: { ...request, departId } }),
    // The department's roles' tree is what the department holds: both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [departResource.path] }),
  });
};

/** The department's own menus and buttons: what its roles may be given. */
export const useDepartRoleTree = (departId: string) =>
  useQuery({
    queryKey: departPermissionKeys.roleTree(departId),
    queryFn: async () => (await api.call(departRoleEndpoints.departTree, { query: { departId } })).result,
    gcTime: 0,
  });

export const useDepartRoleGrants = (roleId: string) =>
  useQuery({
    queryKey: departPermissionKeys.roleGrants(roleId),
    queryFn: async () => (await api.call(departRoleEndpoints.roleGrants, { query: { roleId } })).result,
    gcTime: 0,
  });

export const useSaveDepartRoleGrants = (role: DepartRoleRecord) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<SaveDeptRolePermissionRequest, 'roleId'>) => api.call(departRoleEndpoints.saveRoleGrants, { body: { ...request, roleId: role.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departPermissionKeys.roleGrants(role.id) }),
  });
};

/** Gives a department role to users of its department and takes it away (the members panel refreshes the lists). */
export const departRoleUserCalls = (roleId: string) => ({
  add: (userIdList: string[]) => api.call(departRoleEndpoints.addUsers, { body: { roleId, userIdList } }),
  remove: (userIds: string[]) => api.call(departRoleEndpoints.removeUsers, { query: { roleId, userIds: userIds.join(',') } }),
});
