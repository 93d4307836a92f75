import { RoleCode } from '@cellsight/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import { type RoleRepository, type RoleRow, rolesSeenBy } from './role.repository.js';

/**
 * The role a caller names, by the tenancy of roles (docs/architecture.md, "Platform and tenants"):
 * one it sees (the platform's, or one of its tenants' own), else "not found" (naming `field` when
 * given). Changing a role (its name, grants or data rules) that is the platform's takes a platform
 * administrator: every tenant's users hold it.
 */
export const roleSeenBy = async (roles: RoleRepository, auth: AuthContext, roleId: string, options: { change?: boolean; field?: string } = {}): Promise<RoleRow> => {
  const [role] = await roles.byIds([roleId], rolesSeenBy(auth));
  if (!role) throw notFound('Role', options.field);
  if (options.change) assertRoleChangeable(auth, role);
  return role;
};

/** Refuses a change of a platform role to anyone but a platform administrator. */
export const assertRoleChangeable = (auth: AuthContext, role: RoleRow): void => {
  if (role.tenantId === null && !auth.platform) throw forbidden(`Only platform administrators change the role ${role.roleName}: every tenant shares it`);
};

/** The platform's administrator role: it cannot be deleted, lose its code, lose a grant or its last user. */
export const isBuiltInAdmin = (role: RoleRow | undefined): role is RoleRow => role !== undefined && role.tenantId === null && role.roleCode === RoleCode.Admin;
