import type { RoleOption } from '@cellsight/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { roles } from '../../db/schema.js';

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
});

export type RoleRepository = ReturnType<typeof createRoleRepository>;
