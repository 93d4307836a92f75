import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { permissions, rolePermissions } from '../../db/schema.js';

export type PermissionTreeRow = Pick<typeof permissions.$inferSelect, 'id' | 'parentId' | 'name' | 'icon'>;

/** The menus and buttons a role grants (sys_role_permission). */
export const createRolePermissionRepository = (db: Database) => ({
  /** Every live menu and button row, in menu order. */
  async treeRows(): Promise<PermissionTreeRow[]> {
    return db
      .select({ id: permissions.id, parentId: permissions.parentId, name: permissions.name, icon: permissions.icon })
      .from(permissions)
      .where(eq(permissions.delFlag, 0))
      .orderBy(asc(permissions.sortNo), asc(permissions.id));
  },

  /** Which of the ids name live menu or button rows. */
  async existing(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(inArray(permissions.id, ids), eq(permissions.delFlag, 0)));
    return rows.map((r) => r.id);
  },

  async grantedTo(roleId: string): Promise<string[]> {
    const rows = await db.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    return rows.map((r) => r.id);
  },

  /** Grants and revokes in one transaction: both happen or neither. */
  async change(roleId: string, grant: string[], revoke: string[], operateDate: Date): Promise<void> {
    await db.transaction(async (tx) => {
      if (revoke.length > 0) await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, revoke)));
      if (grant.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(grant.map((permissionId) => ({ roleId, permissionId, operateDate })))
          .onConflictDoNothing();
      }
    });
  },
});

export type RolePermissionRepository = ReturnType<typeof createRolePermissionRepository>;
