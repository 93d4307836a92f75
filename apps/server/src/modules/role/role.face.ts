import type { AuthContext } from '../../access/auth-context.js';
import type { TenantCaller } from '../../access/tenant-scope.js';
import { isBuiltInAdmin, roleSeenBy } from './role-access.js';
import { type RoleRepository, rolesSeenBy } from './role.repository.js';

/**
 * The role module's face: the roles a caller works with, as users, members, self-registration,
 * data rules and the users of a role need them. The door builds it once, as `app.roles`; the
 * module's repository stays its own.
 */
export const createRoleDirectory = (roles: RoleRepository) => ({
  /** The role the caller names, if it sees it (else 404 naming `options.field`); a change of a platform role takes a platform administrator. */
  seenBy: (auth: AuthContext, roleId: string, options?: { change?: boolean; field?: string }) => roleSeenBy(roles, auth, roleId, options),
  /** Which of the ids name roles the caller works with (the platform's and its tenants' own). */
  existing: (ids: string[], caller: TenantCaller) => roles.existing(ids, rolesSeenBy(caller)),
  /** The id of the platform's role with this code (the role a self-registered account or a new member gets), if it exists. */
  idByCode: roles.idByCode,
  /** The users holding any of the roles. */
  holders: roles.holders,
  isBuiltInAdmin,
});

export type RoleDirectory = ReturnType<typeof createRoleDirectory>;
