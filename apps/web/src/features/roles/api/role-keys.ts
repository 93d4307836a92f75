import { roleResource } from '@cellsight/contract';
import { resourceKeys } from '@/kit/resource-page';

/** Query keys of the roles' menu tree and grants, under the roles' own key. */
export const roleKeys = {
  permissionTree: () => [...resourceKeys.all(roleResource), 'permissionTree'] as const,
  grants: (roleId: string) => [...resourceKeys.all(roleResource), 'grants', roleId] as const,
};
