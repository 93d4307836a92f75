import { roleUserEndpoints } from '@cellsight/contract';
import { api } from '@/lib/api-client';

/** Gives the role to users and takes it away (the members panel refreshes the lists). */
export const roleUserCalls = (roleId: string) => ({
  add: (userIdList: string[]) => api.call(roleUserEndpoints.add, { body: { roleId, userIdList } }),
  remove: (userIds: string[]) => {
    const [userId, ...others] = userIds;
    return userId !== undefined && others.length === 0
      ? api.call(roleUserEndpoints.remove, { query: { roleId, userId } })
      : api.call(roleUserEndpoints.removeBatch, { query: { roleId, userIds: userIds.join(',') } });
  },
});
