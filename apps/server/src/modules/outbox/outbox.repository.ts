import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { outbox } from '../../db/schema.js';
import { createTableRepository } from '../../db/table-repository.js';

export type OutboxRow = typeof outbox.$inferSelect;

/** The outbox's rows: the kit's reads, a new message, and what became of it. */
export const createOutboxRepository = (db: Database) => ({
  table: createTableRepository(db, outbox),

  async insert(row: typeof outbox.$inferInsert): Promise<void> {
    await db.insert(outbox).values(row);
  },

  async settle(id: string, outcome: { status: 'sent'; sentTime: Date } | { status: 'failed'; error: string }): Promise<void> {
    await db
      .update(outbox)
      .set(outcome.status === 'sent' ? { status: 'sent', sentTime: outcome.sentTime } : { status: 'failed', error: outcome.error.slice(0, 500) })
      .where(eq(outbox.id, id));
  },

  async byId(id: string): Promise<OutboxRow | null> {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    return row ?? null;
  },
});

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
