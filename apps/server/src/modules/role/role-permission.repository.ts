import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rolePermissions } from '../../db/schema.js';

/** The menus and buttons a role grants (sys_role_permission). */
export const createRolePermissionRepository = (db: Database) => ({
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
