import type { RoleOption } from '@cellsight/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { roles, userRoles } from '../../db/schema.js';

export const createRoleRepository = (db: Database) => ({
  async all(): Promise<RoleOption[]> {
    return db
      .select({ id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode, description: roles.description })
      .from(roles)
      .orderBy(asc(roles.roleName));
  },
  /** Which of the given ids exist. */
  async existing(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
    return rows.map((r) => r.id);
  },
  /** The roles with these ids (name and code), for messages and rules about particular roles. */
  async byIds(ids: string[]): Promise<{ id: string; roleName: string; roleCode: string }[]> {
    if (ids.length === 0) return [];
    return db.select({ id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode }).from(roles).where(inArray(roles.id, ids));
  },
  /** The id of the role with this code (the role a self-registered account gets), if it exists. */
  async idByCode(roleCode: string): Promise<string | null> {
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, roleCode)).limit(1);
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
