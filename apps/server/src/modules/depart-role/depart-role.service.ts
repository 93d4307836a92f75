import {
  type DataRuleChoice,
  type Language,
  type ListQuery,
  type Page,
  type PermissionTreeNode,
  type UserRecord,
  type departRoleResource,
  splitIds,
} from '@cellsight/contract';
import { invalidField, notFound } from '../../lib/errors.js';
import { uniqueIds } from '../../lib/ids.js';
import type { ResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DataRuleMenus } from '../data-rule/index.js';
import { toDataRuleRecord } from '../data-rule/data-rule.service.js';
import type { DictService } from '../dict/dict.service.js';
import { assertGrantable } from '../permission/permission-grants.js';
import type { PermissionGrants } from '../permission/index.js';
import { buildPermissionTree } from '../permission/permission-tree.js';
import type { UserAccounts } from '../user/index.js';
import type { DepartRoleRepository } from './depart-role.repository.js';

interface Dependencies {
  resource: ResourceService<typeof departRoleResource>;
  departRoles: DepartRoleRepository;
  rules: DataRuleMenus;
  permissions: PermissionGrants;
  users: UserAccounts;
  dicts: DictService;
  /** Told which users' menus and buttons changed (their consoles reload them). */
  onPermissionsChanged: (userIds: string[]) => void;
}

/** The ids only in `next` (granted) and only in `last` (revoked): JeecgBoot's save of a permission dialog. */
const difference = (next: string[], last: string[]) => ({ grant: next.filter((id) => !last.includes(id)), revoke: last.filter((id) => !next.includes(id)) });

/**
 * Department permissions and department roles (JeecgBoot `sysDepartPermission`, `sysDepartRole`):
 * a department holds menus and offers some of their data rules; its roles are given menus and rules
 * within that, and users of the department hold its roles. What a user holds through a department
 * role counts wherever permissions are read (`departRoleGrants`), so every change is pushed to the
 * users concerned.
 */
export const createDepartRoleService = (deps: Dependencies) => {
  const { departRoles } = deps;

  const tell = (userIds: string[]) => {
    if (userIds.length > 0) deps.onPermissionsChanged(userIds);
  };

  // Departments and their roles of the caller's tenants only: another tenant's is "not found".
  const departOrNotFound = async (auth: AuthContext, departId: string) => {
    if (!(await departRoles.departExists(departId, auth))) throw notFound('Department', 'departId');
  };

  const roleOrNotFound = async (auth: AuthContext, roleId: string) => {
    const role = await departRoles.role(roleId, auth);
    if (!role) throw notFound('Department role', 'roleId');
    return role;
  };

  /** Every id must name a live menu or button row. */
  const assertKnown = async (ids: string[]) => {
    const known = new Set(await deps.permissions.existingRows(ids));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw invalidField('permissionIds', `unknown permission id(s): ${unknown.join(', ')}`);
  };

  /** Every id must be one of the menu's rules and within `allowed` (when given). */
  const assertRules = async (permissionId: string, ids: string[], allowed?: string[]) => {
    const known = new Set(await deps.rules.rulesOfMenu(permissionId, ids));
    const refused = ids.filter((id) => !known.has(id) || (allowed !== undefined && !allowed.includes(id)));
    if (refused.length > 0) throw invalidField('dataRuleIds', `${allowed ? 'not rules this department offers on this menu' : 'not rules of this menu'}: ${refused.join(', ')}`);
  };

  return {
    /** The kit's department roles, with the department checked on add. */
    resource: {
      ...deps.resource,
      async add(auth: AuthContext, input: Parameters<typeof deps.resource.add>[1]): Promise<string> {
        await departOrNotFound(auth, input.departId);
        return deps.resource.add(auth, input);
      },
      async edit(auth: AuthContext, input: Parameters<typeof deps.resource.edit>[1]): Promise<void> {
        // A role stays in a department of the caller's tenants.
        if (input.departId !== undefined) await departOrNotFound(auth, input.departId);
        return deps.resource.edit(auth, input);
      },
      async remove(auth: AuthContext, ids: string[]): Promise<void> {
        const holders = await departRoles.holders(ids);
        await deps.resource.remove(auth, ids);
        tell(holders);
      },
    } satisfies ResourceService<typeof departRoleResource>,

    async departGrants(auth: AuthContext, departId: string): Promise<string[]> {
      await departOrNotFound(auth, departId);
      return departRoles.departGrants(departId);
    },

    /** JeecgBoot saveDepartPermission: grants and revokes in one transaction; the department roles' users are told. */
    async saveDepartGrants(auth: AuthContext, input: { departId: string; permissionIds: string; lastpermissionIds?: string }): Promise<void> {
      await departOrNotFound(auth, input.departId);
      const next = uniqueIds(splitIds(input.permissionIds));
      await assertKnown(next);
      const { grant, revoke } = difference(next, uniqueIds(splitIds(input.lastpermissionIds ?? '')));
      if (grant.length === 0 && revoke.length === 0) return;
      // A department's menus reach users through its roles: nobody hands out more than they hold.
      assertGrantable(auth, await deps.permissions.codesOfRows(grant));
      await departRoles.changeDepartGrants(input.departId, grant, revoke);
      tell(await departRoles.holders(await departRoles.rolesOf(input.departId)));
    },

    /** The menu's rules and those the department offers on it (it must hold the menu to offer any). */
    async departChoice(auth: AuthContext, permissionId: string, departId: string): Promise<DataRuleChoice> {
      await departOrNotFound(auth, departId);
      const [all, chosen] = await Promise.all([deps.rules.ofMenu(permissionId), departRoles.offeredBy(departId, permissionId)]);
      return { datarule: all.map(toDataRuleRecord), drChecked: chosen.join(',') };
    },

    async offerRules(auth: AuthContext, input: { permissionId: string; departId: string; dataRuleIds: string }): Promise<void> {
      await departOrNotFound(auth, input.departId);
      if (!(await departRoles.departGrants(input.departId)).includes(input.permissionId)) throw invalidField('permissionId', "save the department's permissions first: it does not hold this menu");
      const ids = uniqueIds(splitIds(input.dataRuleIds));
      await assertRules(input.permissionId, ids);
      await departRoles.offer(input.departId, input.permissionId, ids);
    },

    /** The department's menus as the role dialog's tree (JeecgBoot queryTreeListForDeptRole). */
    async departTree(auth: AuthContext, departId: string): Promise<{ treeList: PermissionTreeNode[]; ids: string[] }> {
      await departOrNotFound(auth, departId);
      const rows = await departRoles.departTreeRows(departId);
      return { treeList: buildPermissionTree(rows), ids: rows.map((row) => row.id) };
    },

    async roleGrants(auth: AuthContext, roleId: string): Promise<string[]> {
      await roleOrNotFound(auth, roleId);
      return departRoles.roleGrants(roleId);
    },

    /** Grants within what the role's department holds, in one transaction; the role's users are told. */
    async saveRoleGrants(auth: AuthContext, input: { roleId: string; permissionIds: string; lastpermissionIds?: string }): Promise<void> {
      const role = await roleOrNotFound(auth, input.roleId);
      const next = uniqueIds(splitIds(input.permissionIds));
      const { grant, revoke } = difference(next, uniqueIds(splitIds(input.lastpermissionIds ?? '')));
      if (grant.length === 0 && revoke.length === 0) return;
      const held = new Set(await departRoles.departGrants(role.departId));
      const beyond = grant.filter((id) => !held.has(id));
      if (beyond.length > 0) throw invalidField('permissionIds', `not permissions of the role's department: ${beyond.join(', ')}`);
      assertGrantable(auth, await deps.permissions.codesOfRows(grant));
      await departRoles.changeRoleGrants(input.roleId, grant, revoke);
      tell(await departRoles.holders([input.roleId]));
    },

    /** The rules the role's department offers on the menu, and those the role applies. */
    async roleChoice(auth: AuthContext, permissionId: string, roleId: string): Promise<DataRuleChoice> {
      const role = await roleOrNotFound(auth, roleId);
      const [all, offered, chosen] = await Promise.all([deps.rules.ofMenu(permissionId), departRoles.offeredBy(role.departId, permissionId), departRoles.chosenByRole(roleId, permissionId)]);
      return { datarule: all.filter((rule) => offered.includes(rule.id)).map(toDataRuleRecord), drChecked: chosen.join(',') };
    },

    async chooseRules(auth: AuthContext, input: { permissionId: string; roleId: string; dataRuleIds: string }): Promise<void> {
      const role = await roleOrNotFound(auth, input.roleId);
      if (!(await departRoles.roleGrants(input.roleId)).includes(input.permissionId)) throw invalidField('permissionId', "save the role's menu permissions first: the role does not hold this menu");
      const ids = uniqueIds(splitIds(input.dataRuleIds));
      await assertRules(input.permissionId, ids, await departRoles.offeredBy(role.departId, input.permissionId));
      await departRoles.chooseForRole(input.roleId, input.permissionId, ids);
    },

    /** The users holding the role that the caller may see, with the users list's contract. */
    async users(auth: AuthContext, roleId: string, query: ListQuery, language: Language): Promise<Page<UserRecord>> {
      await roleOrNotFound(auth, roleId);
      return deps.users.list(auth, query, language, departRoles.holdsRole(roleId));
    },

    /** Gives the role to users of its department; the caller must hold what the role grants. */
    async addUsers(auth: AuthContext, roleId: string, userIdList: string[]): Promise<void> {
      const role = await roleOrNotFound(auth, roleId);
      assertGrantable(auth, await deps.permissions.codesOfRows(await departRoles.roleGrants(roleId)));
      const ids = uniqueIds(userIdList);
      const members = new Set(await departRoles.departUsers(role.departId, ids, deps.users.scope(auth)));
      const outside = ids.filter((id) => !members.has(id));
      if (outside.length > 0) throw invalidField('userIdList', `not users of the role's department: ${outside.join(', ')}`);
      tell(await departRoles.addUsers(roleId, ids));
    },

    async removeUsers(auth: AuthContext, roleId: string, userIds: string[]): Promise<void> {
      await roleOrNotFound(auth, roleId);
      const removed = await departRoles.removeUsers(roleId, uniqueIds(userIds), deps.users.scope(auth));
      if (removed.length === 0) throw notFound('Department role user');
      tell(removed);
    },
  };
};

export type DepartRoleService = ReturnType<typeof createDepartRoleService>;
