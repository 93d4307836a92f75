import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { tenants, userTenants } from '../../db/schema.js';

/** Who is asking, as far as tenants go: the user and the tenant chosen by the `tenant-id` header (0 = none). */
export interface TenantCaller {
  userId: string;
  tenantId: number;
}

/**
 * The one tenant rule: the tenants a caller acts in are the one chosen with the `tenant-id` header
 * (the auth plugin has checked it is the caller's own), or else every tenant the caller belongs
 * to. Every user, logger, battery, event and command read or write is limited to them. A subquery,
 * so callers compose it into their own SQL and nothing outside it is ever loaded.
 */
export const callerTenantIds = (caller: TenantCaller): SQL =>
  caller.tenantId
    ? sql`(select ${caller.tenantId}::integer)`
    : sql`(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${caller.userId})`;

export const createTenantRepository = (db: Database) => ({
  /** Tenants the user belongs to that are not frozen. */
  async activeForUser(userId: string) {
    return db
      .select({ id: tenants.id, name: tenants.name, status: tenants.status })
      .from(tenants)
      .innerJoin(userTenants, eq(userTenants.tenantId, tenants.id))
      .where(and(eq(userTenants.userId, userId), eq(tenants.status, 1)))
      .orderBy(asc(tenants.id));
  },
});

export type TenantRepository = ReturnType<typeof createTenantRepository>;
