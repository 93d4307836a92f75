import { MenuType } from '@cellsight/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema.js';

export type PermissionRow = typeof permissions.$inferSelect;

export const createPermissionRepository = (db: Database) => ({
  /** Every permission row granted to the user through their roles, ordered by sort_no. */
  async rowsForUser(userId: string): Promise<PermissionRow[]> {
    const granted = db
      .selectDistinct({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
      .where(eq(userRoles.userId, userId));
    return db
      .select()
      .from(permissions)
      .where(and(eq(permissions.delFlag, 0), inArray(permissions.id, granted)))
      .orderBy(asc(permissions.sortNo), asc(permissions.id));
  },

  /** The effective permission codes of a user: button rows with status '1' (codes may be comma-joined). */
  async codesForUser(userId: string): Promise<Set<string>> {
    const rows = await db
      .selectDistinct({ perms: permissions.perms })
      .from(permissions)
      .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
      .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
      .where(and(eq(userRoles.userId, userId), eq(permissions.menuType, MenuType.Button), eq(permissions.status, '1'), eq(permissions.delFlag, 0)));
    const codes = new Set<string>();
    for (const row of rows) for (const code of (row.perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
    return codes;
  },

  /** Every button row, whatever its status (the `allAuth` list). */
  async allButtons(): Promise<PermissionRow[]> {
    return db
      .select()
      .from(permissions)
      .where(and(eq(permissions.menuType, MenuType.Button), eq(permissions.delFlag, 0)))
      .orderBy(asc(permissions.sortNo));
  },

  async roleCodesForUser(userId: string): Promise<string[]> {
    const rows = await db.select({ code: roles.roleCode }).from(roles).innerJoin(userRoles, eq(userRoles.roleId, roles.id)).where(eq(userRoles.userId, userId));
    return rows.map((r) => r.code);
  },
});

export type PermissionRepository = ReturnType<typeof createPermissionRepository>;
