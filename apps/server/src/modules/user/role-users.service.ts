import type { Language, ListQuery, Page, UserRecord } from '@cellsight/contract';
import { invalidField, notFound } from '../../lib/errors.js';
import { uniqueIds } from '../../lib/ids.js';
import type { AuthContext } from '../../access/auth-context.js';
import { assertGrantable } from '../permission/permission-grants.js';
import type { PermissionGrants } from '../permission/index.js';
import type { RoleDirectory } from '../role/index.js';
import type { RoleUserRepository } from './role-user.repository.js';
import type { UserAccounts } from './user.face.js';

interface Dependencies {
  roles: RoleDirectory;
  roleUsers: RoleUserRepository;
  users: UserAccounts;
  permissions: PermissionGrants;
  /** Told which users' menus and buttons changed (their consoles reload them). */
  onPermissionsChanged: (userIds: string[]) => void;
  /** Ends every session of users who lost a role: they sign in again with what they still hold. */
  onRolesTaken: (userIds: string[]) => Promise<void>;
}

/**
 * The users who hold a role (System → Roles → Users, JeecgBoot's `/sys/user/*Role*` calls): the
 * users' side of roles, so the role module needs nothing of users. Every change of what a user may
 * do is pushed to that user's console.
 */
export const createRoleUsersService = (deps: Dependencies) => {
  const tell = (userIds: string[]) => {
    if (userIds.length > 0) deps.onPermissionsChanged(userIds);
  };
  return {
    /** The users holding the role that the caller may see (the Users screen's tenant rule), with the list contract. */
    async users(auth: AuthContext, roleId: string, query: ListQuery, language: Language): Promise<Page<UserRecord>> {
      await deps.roles.seenBy(auth, roleId, { field: 'roleId' });
      return deps.users.list(auth, query, language, deps.roleUsers.holdsRole(roleId));
    },

    /** Gives the role to users; every id must name a live user the caller may see, and the caller must hold what the role grants. */
    async addUsers(auth: AuthContext, roleId: string, userIdList: string[]): Promise<void> {
      await deps.roles.seenBy(auth, roleId, { field: 'roleId' });
      assertGrantable(auth, await deps.permissions.codesOfRoles([roleId]));
      const ids = uniqueIds(userIdList);
      const live = new Set(await deps.roleUsers.liveUsers(ids, deps.users.scope(auth)));
      const unknown = ids.filter((id) => !live.has(id));
      if (unknown.length > 0) throw invalidField('userIdList', `unknown user id(s): ${unknown.join(', ')}`);
      await deps.users.assertAdministers(auth, ids);
      tell(await deps.roleUsers.add(roleId, ids));
    },

    /** Takes the role from users the caller may see; 404 when none of them held it. The administrator role keeps at least one user. */
    async removeUsers(auth: AuthContext, roleId: string, userIds: string[]): Promise<void> {
      const role = await deps.roles.seenBy(auth, roleId, { field: 'roleId' });
      await deps.users.assertAdministers(auth, uniqueIds(userIds));
      if (deps.roles.isBuiltInAdmin(role)) {
        const remaining = (await deps.roles.holders([roleId])).filter((id) => !userIds.includes(id));
        if (remaining.length === 0) throw invalidField('userIds', 'the administrator role needs at least one user');
      }
      const removed = await deps.roleUsers.remove(roleId, uniqueIds(userIds), deps.users.scope(auth));
      if (removed.length === 0) throw notFound('Role user');
      await deps.onRolesTaken(removed);
      tell(removed);
    },
  };
};

export type RoleUsersService = ReturnType<typeof createRoleUsersService>;
