import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { outbox } from '../../db/schema.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** The outbox's rows: the kit's reads, a new message, and what became of it. */
export const createOutboxRepository = (db: Database) => ({
  /** What the kit's outbox list reads: the table, its reads, the column of each list column, and the messages of the caller's tenants. */
  screen: {
    table: outbox,
    repository: createTableRepository(db, outbox),
    columns: { recipient: outbox.recipient, subject: outbox.subject, channel: outbox.channel, status: outbox.status, createTime: outbox.createTime },
    scope: (caller: TenantCaller) => sql`${outbox.tenantId} in ${callerTenantIds(caller)}`,
  },

  async insert(row: typeof outbox.$inferInsert): Promise<void> {
    await db.insert(outbox).values(row);
  },

  async settle(id: string, outcome: { status: 'sent'; sentTime: Date } | { status: 'failed'; error: string }): Promise<void> {
    await db
      .update(outbox)
      .set(outcome.status === 'sent' ? { status: 'sent', sentTime: outcome.sentTime } : { status: 'failed', error: outcome.error.slice(0, 500) })
      .where(eq(outbox.id, id));
  },

  /** Messages not sent (failed, or kept while no transport was configured) of these channels, written within the window, oldest first. */
  async unsent(channels: string[], writtenAfter: Date, writtenBefore: Date, limit: number): Promise<OutboxRow[]> {
    if (channels.length === 0) return [];
    return db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.status, ['failed', 'kept']), inArray(outbox.channel, channels), gt(outbox.createTime, writtenAfter), lt(outbox.createTime, writtenBefore)))
      .orderBy(outbox.createTime)
      .limit(limit);
  },

  /**
   * Takes a message for sending again, if it is still as it was read: of several processes only
   * one succeeds (the row then says it is being sent again, until it is settled).
   */
  async claimResend(row: OutboxRow, marker: string): Promise<boolean> {
    const taken = await db
      .update(outbox)
      .set({ status: 'failed', error: marker })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, row.status), row.error === null ? isNull(outbox.error) : eq(outbox.error, row.error)))
      .returning({ id: outbox.id });
    return taken.length > 0;
  },

  async byId(id: string): Promise<OutboxRow | null> {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    return row ?? null;
  },
});

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
