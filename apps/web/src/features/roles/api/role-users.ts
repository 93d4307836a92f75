import type { AddRoleUsersRequest } from '@cellsight/contract';
import { api } from '@/lib/api-client';

/** Gives the role to users and takes it away (the members panel refreshes the lists). */
export const roleUserCalls = (roleId: string) => ({
  add: (userIdList: string[]) => api.post<null>('/sys/user/addSysUserRole', { roleId, userIdList } satisfies AddRoleUsersRequest),
  remove: (userIds: string[]) =>
    userIds.length === 1
      ? api.delete<null>('/sys/user/deleteUserRole', { roleId, userId: userIds[0] })
      : api.delete<null>('/sys/user/deleteUserRoleBatch', { roleId, userIds: userIds.join(',') }),
});
