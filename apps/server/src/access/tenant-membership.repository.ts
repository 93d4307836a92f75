import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { tenants, userTenants } from '../db/schema.js';
import type { TenantCaller } from './tenant-scope.js';

/**
 * Which tenants a user belongs to, as the access rules and every module ask it (the tenant chosen,
 * the tenants a session may work in, the tenant a new record joins). The Tenants screen's own reads
 * and writes are the tenant module's.
 */
export const createTenantMembershipRepository = (db: Database) => ({
  /**
   * The tenant a caller's new records join: the one chosen with the `tenant-id` header, else the
   * first tenant (by number) the caller belongs to that is not frozen; null for a caller of none.
   */
  async workingTenantOf(caller: TenantCaller): Promise<number | null> {
    if (caller.tenantId) return caller.tenantId;
    const [row] = await db
      .select({ id: tenants.id })
      .from(tenants)
      .innerJoin(userTenants, eq(userTenants.tenantId, tenants.id))
      .where(and(eq(userTenants.userId, caller.userId), eq(tenants.status, 1)))
      .orderBy(asc(tenants.id))
      .limit(1);
    return row?.id ?? null;
  },

  /** Tenants the user belongs to that are not frozen. */
  async activeForUser(userId: string) {
    return db
      .select({ id: tenants.id, name: tenants.name, status: tenants.status })
      .from(tenants)
      .innerJoin(userTenants, eq(userTenants.tenantId, tenants.id))
      .where(and(eq(userTenants.userId, userId), eq(tenants.status, 1)))
      .orderBy(asc(tenants.id));
  },

  /** Every tenant the user belongs to, frozen or not. */
  async membershipsOf(userId: string) {
    return db.select({ id: tenants.id, status: tenants.status }).from(tenants).innerJoin(userTenants, eq(userTenants.tenantId, tenants.id)).where(eq(userTenants.userId, userId));
  },

  /** A user's membership of a tenant: its status, or null when not a member (the auth plugin's frozen check). */
  async membership(userId: string, tenantId: number): Promise<{ status: number } | null> {
    const [row] = await db
      .select({ status: tenants.status })
      .from(tenants)
      .innerJoin(userTenants, eq(userTenants.tenantId, tenants.id))
      .where(and(eq(userTenants.userId, userId), eq(tenants.id, tenantId)))
      .limit(1);
    return row ?? null;
  },

});

export type TenantMembershipRepository = ReturnType<typeof createTenantMembershipRepository>;
