import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { tenants, userTenants } from '../../db/schema.js';

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
