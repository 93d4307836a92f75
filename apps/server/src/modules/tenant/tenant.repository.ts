import { type SQL, and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { tenants, userTenants, users } from '../../db/schema.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { type TenantCaller, administeredTenantIds } from '../../access/tenant-scope.js';

/** Users per tenant, read per row of a page. */
const userCount = sql<number>`(select count(*)::integer from ${userTenants} where ${userTenants.tenantId} = ${tenants.id})`;

export const createTenantRepository = (db: Database) => ({
  /** The Tenants screen's reads and writes (page with each tenant's user count, rows by id, update). */
  table: createTableRepository(db, tenants as typeof tenants & { id: typeof tenants.id }, { computed: { userCount } }),

  /** The Tenants screen on the kit: its table and the column each list column reads. */
  screen: { table: tenants, columns: { id: tenants.id, name: tenants.name, status: tenants.status, beginDate: tenants.beginDate, endDate: tenants.endDate, createTime: tenants.createTime } },

  /** Condition: the tenant is one the caller administers (`administeredTenantIds`). */
  administeredBy(caller: TenantCaller): SQL {
    return inArray(tenants.id, administeredTenantIds(caller));
  },

  async exists(id: number): Promise<boolean> {
    return (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).limit(1)).length > 0;
  },

  async nextId(): Promise<number> {
    const [row] = await db.select({ last: max(tenants.id) }).from(tenants);
    return (row?.last ?? 0) + 1;
  },

  async insert(values: typeof tenants.$inferInsert): Promise<void> {
    await db.insert(tenants).values(values);
  },

  async update(id: number, values: Partial<typeof tenants.$inferInsert>): Promise<void> {
    await db.update(tenants).set(values).where(eq(tenants.id, id));
  },

  async setStatus(ids: number[], status: number, updateBy: string): Promise<void> {
    await db.update(tenants).set({ status, updateBy, updateTime: new Date() }).where(inArray(tenants.id, ids));
  },

  /** Tenants that users still belong to, with how many. */
  async userCounts(ids: number[]): Promise<Map<number, number>> {
    const rows = await db.select({ tenantId: userTenants.tenantId, users: count() }).from(userTenants).where(inArray(userTenants.tenantId, ids)).groupBy(userTenants.tenantId);
    return new Map(rows.map((row) => [row.tenantId, row.users]));
  },

  async remove(ids: number[]): Promise<void> {
    await db.delete(tenants).where(inArray(tenants.id, ids));
  },

  /** Members of the tenants who belong to no other tenant that is not frozen (their sessions end when these are frozen). */
  async usersLeftWithoutActiveTenant(ids: number[]): Promise<string[]> {
    const rows = await db
      .selectDistinct({ userId: userTenants.userId })
      .from(userTenants)
      .where(
        and(
          inArray(userTenants.tenantId, ids),
          sql`not exists (select 1 from ${userTenants} other inner join ${tenants} t on t.id = other.tenant_id where other.user_id = ${userTenants.userId} and t.status = 1 and other.tenant_id not in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
        ),
      );
    return rows.map((row) => row.userId);
  },

  /** Makes the users members of the tenant; returns those who were not yet. */
  async addUsers(tenantId: number, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .insert(userTenants)
      .values(userIds.map((userId) => ({ userId, tenantId })))
      .onConflictDoNothing()
      .returning({ userId: userTenants.userId });
    return rows.map((row) => row.userId);
  },

  /** Takes the users out of the tenant; returns those who were in it. */
  async removeUsers(tenantId: number, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .delete(userTenants)
      .where(and(eq(userTenants.tenantId, tenantId), inArray(userTenants.userId, userIds)))
      .returning({ userId: userTenants.userId });
    return rows.map((row) => row.userId);
  },

  /** Which of the users would be left in no tenant by leaving this one. */
  async onlyIn(tenantId: number, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ userId: userTenants.userId })
      .from(userTenants)
      .where(and(eq(userTenants.tenantId, tenantId), inArray(userTenants.userId, userIds), sql`not exists (select 1 from ${userTenants} other where other.user_id = ${userTenants.userId} and other.tenant_id <> ${tenantId})`));
    return rows.map((row) => row.userId);
  },

  /** Condition: the user is a member of the tenant (a tenant's users list). */
  hasMember(tenantId: number): SQL {
    return inArray(users.id, db.select({ id: userTenants.userId }).from(userTenants).where(eq(userTenants.tenantId, tenantId)));
  },
});

export type TenantRepository = ReturnType<typeof createTenantRepository>;
