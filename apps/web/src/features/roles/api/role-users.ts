import { type AddRoleUsersRequest, type Page, type UserRecord, userResource } from '@cellsight/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/components/resource-page';
import { api } from '@/lib/api-client';
import { roleKeys } from './role-keys';

/** One page of the users holding a role (`/sys/user/userRoleList`, the list contract). */
export const useRoleUsers = (roleId: string, query: Record<string, string | number>) =>
  useQuery({
    queryKey: roleKeys.userList(roleId, query),
    queryFn: async () => (await api.get<Page<UserRecord>>('/sys/user/userRoleList', { ...query, roleId })).result,
    placeholderData: keepPreviousData,
  });

/** Gives the role to users and takes it away; the role's users and the Users screen (its role names) refresh. */
export const useRoleUserMutations = (roleId: string) => {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: roleKeys.users(roleId) }), queryClient.invalidateQueries({ queryKey: resourceKeys.all(userResource) })]);
  return {
    add: useMutation({
      mutationFn: (userIdList: string[]) => api.post<null>('/sys/user/addSysUserRole', { roleId, userIdList } satisfies AddRoleUsersRequest),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (userIds: string[]) =>
        userIds.length === 1
          ? api.delete<null>('/sys/user/deleteUserRole', { roleId, userId: userIds[0] })
          : api.delete<null>('/sys/user/deleteUserRoleBatch', { roleId, userIds: userIds.join(',') }),
      onSuccess,
    }),
  };
};
