import type { RoleOption } from '@cellsight/contract';
import { type SQL, and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { roles, userRoles } from '../../db/schema.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';

/** A role as the rules about particular roles need it: its name, code and tenant (null: the platform's). */
export interface RoleRow {
  id: string;
  roleName: string;
  roleCode: string;
  tenantId: number | null;
}

/**
 * The roles a caller works with: the platform's (which every tenant may give) and its tenants' own.
 * Another tenant's role is "not found".
 */
export const rolesSeenBy = (caller: TenantCaller): SQL => or(isNull(roles.tenantId), inArray(roles.tenantId, callerTenantIds(caller))) as SQL;

const roleRow = { id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode, tenantId: roles.tenantId };

export const createRoleRepository = (db: Database) => ({
  /** The roles within `scope` (`rolesSeenBy`), by name. */
  async all(scope: SQL): Promise<RoleOption[]> {
    return db
      .select({ id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode, description: roles.description })
      .from(roles)
      .where(scope)
      .orderBy(asc(roles.roleName));
  },
  /** Which of the given ids name roles within `scope`. */
  async existing(ids: string[], scope: SQL): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, ids), scope));
    return rows.map((r) => r.id);
  },
  /** The roles with these ids (within `scope` when given), for messages and rules about particular roles. */
  async byIds(ids: string[], scope?: SQL): Promise<RoleRow[]> {
    if (ids.length === 0) return [];
    return db
      .select(roleRow)
      .from(roles)
      .where(and(inArray(roles.id, ids), scope));
  },
  /** The id of the platform's role with this code (the role a self-registered account or a new member gets), if it exists. */
  async idByCode(roleCode: string): Promise<string | null> {
    const [row] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.roleCode, roleCode), isNull(roles.tenantId)))
      .limit(1);
    return row?.id ?? null;
  },
  /** The users holding any of the roles (whose permissions a change of these roles changes). */
  async holders(roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await db.selectDistinct({ userId: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, roleIds));
    return rows.map((r) => r.userId);
  },
});

export type RoleRepository = ReturnType<typeof createRoleRepository>;
