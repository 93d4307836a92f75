import { roleResource } from '@cellsight/contract';
import { resourceKeys } from '@/components/resource-page';

/** Query keys of a role's users and grants, under the roles' own key. */
export const roleKeys = {
  users: (roleId: string) => [...resourceKeys.all(roleResource), 'users', roleId] as const,
  userList: (roleId: string, query: Record<string, string | number>) => [...roleKeys.users(roleId), query] as const,
  permissionTree: () => [...resourceKeys.all(roleResource), 'permissionTree'] as const,
  grants: (roleId: string) => [...resourceKeys.all(roleResource), 'grants', roleId] as const,
};
