import { type SQL, and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { userRoles, users } from '../../db/schema.js';

/** The links between a role and its users (sys_user_role). */
export const createRoleUserRepository = (db: Database) => ({
  /** "The user holds the role", as a condition on sys_user rows. */
  holdsRole(roleId: string): SQL {
    return inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId)));
  },

  /** Which of the ids name users matching `where` that are not in the recycle bin. */
  async liveUsers(ids: string[], where: SQL): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.delFlag, 0), where));
    return rows.map((r) => r.id);
  },

  /** Gives the role to the users; returns those who did not hold it yet. */
  async add(roleId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .insert(userRoles)
      .values(userIds.map((userId) => ({ userId, roleId })))
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    return rows.map((r) => r.userId);
  },

  /** Takes the role from the users matching `where` among `userIds`; returns those who held it. */
  async remove(roleId: string, userIds: string[], where: SQL): Promise<string[]> {
    if (userIds.length === 0) return [];
    const visible = db.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), where));
    const rows = await db
      .delete(userRoles)
      .where(and(eq(userRoles.roleId, roleId), inArray(userRoles.userId, visible)))
      .returning({ userId: userRoles.userId });
    return rows.map((r) => r.userId);
  },
});

export type RoleUserRepository = ReturnType<typeof createRoleUserRepository>;
