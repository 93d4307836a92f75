import {
  type PermissionTreeNode,
  type SaveRolePermissionRequest,
  RoleCode,
  ServerCode,
  type roleResource,
  splitIds,
  DataLogTable,
} from '@cellsight/contract';
import { badRequest, invalidField } from '../../lib/errors.js';
import { uniqueIds } from '../../lib/ids.js';
import type { ResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import { assertRoleChangeable, isBuiltInAdmin, roleSeenBy } from './role-access.js';
import type { RolePermissionRepository } from './role-permission.repository.js';
import { buildPermissionTree } from '../permission/permission-tree.js';
import { type RoleRepository, rolesSeenBy } from './role.repository.js';
import { assertGrantable } from '../permission/permission-grants.js';
import type { PermissionGrants } from '../permission/index.js';
import type { DataLogRecorder } from '../data-log/data-log.service.js';

interface Dependencies {
  resource: ResourceService<typeof roleResource>;
  roles: RoleRepository;
  rolePermissions: RolePermissionRepository;
  permissions: PermissionGrants;
  dicts: DictService;
  /** Told which users' menus and buttons changed (their consoles reload them). */
  onPermissionsChanged: (userIds: string[]) => void;
  /** Ends every session of users who lost a role: they sign in again with what they still hold. */
  onRolesTaken: (userIds: string[]) => Promise<void>;
  /** The data log: each role's addition, edit and deletion, with before and after. */
  dataLog?: DataLogRecorder;
}

/**
 * Roles: the kit's list and form (with the built-in administrator role protected), and the menus
 * and buttons a role grants (the users who hold a role are the user module's: role-users.service.ts). Every change of what a user may do is
 * pushed to that user's console; the server reads permissions on each request anyway.
 */
export const createRoleService = (deps: Dependencies) => {
  const { resource } = deps;


  const tell = (userIds: string[]) => {
    if (userIds.length > 0) deps.onPermissionsChanged(userIds);
  };

  return {
    /** The kit's service, except that the administrator role can neither be deleted nor lose its code. */
    resource: {
      ...resource,
      async add(auth: AuthContext, input: Parameters<typeof resource.add>[1]): Promise<string> {
        const id = await resource.add(auth, input);
        const [after] = await deps.roles.byIds([id]);
        await deps.dataLog?.record({ table: DataLogTable.Role, id, action: 'add', after, by: auth.username }, { auth });
        return id;
      },
      async edit(auth: AuthContext, input: Parameters<typeof resource.edit>[1]): Promise<void> {
        const [role] = await deps.roles.byIds([input.id], rolesSeenBy(auth));
        if (role) assertRoleChangeable(auth, role);
        if (isBuiltInAdmin(role) && input.roleCode !== undefined && input.roleCode !== RoleCode.Admin) {
          throw invalidField('roleCode', `the built-in role ${role.roleName} keeps its code ${RoleCode.Admin}`);
        }
        await resource.edit(auth, input);
        const [after] = await deps.roles.byIds([input.id]);
        await deps.dataLog?.record({ table: DataLogTable.Role, id: input.id, action: 'edit', before: role, after, by: auth.username }, { auth });
      },
      async remove(auth: AuthContext, ids: string[]): Promise<void> {
        const builtIn = (await deps.roles.byIds(ids, rolesSeenBy(auth))).find(isBuiltInAdmin);
        if (builtIn) {
          const message = `the role ${builtIn.roleName} (${builtIn.roleCode}) is built in and cannot be deleted`;
          throw badRequest(ServerCode.INCORRECT_PARAMETER, `id: ${message}`, [{ field: 'id', message }]);
        }
        const before = await deps.roles.byIds(ids, rolesSeenBy(auth));
        for (const role of before) assertRoleChangeable(auth, role);
        const holders = await deps.roles.holders(before.map((role) => role.id));
        // The users' and permissions' links go with the role (foreign keys cascade).
        await resource.remove(auth, ids);
        for (const role of before) await deps.dataLog?.record({ table: DataLogTable.Role, id: role.id, action: 'delete', before: role, by: auth.username }, { auth });
        await deps.onRolesTaken(holders);
        tell(holders);
      },
    } satisfies ResourceService<typeof roleResource>,

    /** The roles the caller may give (the platform's and its tenants' own), by name. */
    options: (auth: AuthContext) => deps.roles.all(rolesSeenBy(auth)),

    async permissionTree(): Promise<{ treeList: PermissionTreeNode[]; ids: string[] }> {
      const rows = await deps.permissions.treeRows();
      return { treeList: buildPermissionTree(rows), ids: rows.map((row) => row.id) };
    },

    async grants(auth: AuthContext, roleId: string): Promise<string[]> {
      await roleSeenBy(deps.roles, auth, roleId, { field: 'roleId' });
      return deps.rolePermissions.grantedTo(roleId);
    },

    /**
     * JeecgBoot's saveRolePermission: grants the ids only in the new list, revokes the ids only in
     * the list the dialog loaded, in one transaction. Any unknown id refuses the whole save.
     */
    async saveGrants(auth: AuthContext, input: SaveRolePermissionRequest): Promise<void> {
      const role = await roleSeenBy(deps.roles, auth, input.roleId, { field: 'roleId', change: true });
      const next = uniqueIds(splitIds(input.permissionIds));
      const last = uniqueIds(splitIds(input.lastpermissionIds));
      const known = new Set(await deps.permissions.existingRows(next));
      const unknown = next.filter((id) => !known.has(id));
      if (unknown.length > 0) throw invalidField('permissionIds', `unknown permission id(s): ${unknown.join(', ')}`);
      const grant = next.filter((id) => !last.includes(id));
      const revoke = last.filter((id) => !next.includes(id));
      if (grant.length === 0 && revoke.length === 0) return;
      // Nobody locks the administrators out, and nobody grants more than they hold.
      if (isBuiltInAdmin(role) && revoke.length > 0) throw invalidField('permissionIds', 'the administrator role keeps every menu and button');
      assertGrantable(auth, await deps.permissions.codesOfRows(grant));
      const before = (await deps.rolePermissions.grantedTo(input.roleId)).sort();
      await deps.rolePermissions.change(input.roleId, grant, revoke, new Date());
      // What a role grants is part of the role: the log keeps the menu and button ids before and after.
      const after = (await deps.rolePermissions.grantedTo(input.roleId)).sort();
      await deps.dataLog?.record({ table: DataLogTable.Role, id: role.id, action: 'edit', before: { ...role, permissionIds: before }, after: { ...role, permissionIds: after }, by: auth.username }, { auth });
      tell(await deps.roles.holders([input.roleId]));
    },
  };
};

export type RoleService = ReturnType<typeof createRoleService>;
