import { type SQL, and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { commands } from '../../../db/schema.js';
import { commandListColumns } from '@cellsight/contract';
import { selectPage } from '../../../kit/select-page.js';
import { type BuiltListQuery, defineListSpec } from '../../../kit/list-query.js';
import type { CommandRow } from './command-record.js';

/** The command list's columns (the contract's) and the database column each reads. */
export const commandListSpec = defineListSpec(
  commandListColumns,
  { gsn: commands.loggerGsn, batterySn: commands.batterySn, op: commands.op, status: commands.status, createBy: commands.createBy, createTime: commands.createTime },
  { name: 'createTime', order: 'desc' },
  commands.id,
);

/** Remote commands: the queue of what was sent and the audit of who sent what, when, with what result. */
export const createCommandRepository = (db: Database) => ({
  async insert(values: typeof commands.$inferInsert): Promise<CommandRow> {
    const [row] = await db.insert(commands).values(values).returning();
    if (!row) throw new Error('command insert returned nothing');
    return row;
  },

  async update(id: string, values: Partial<typeof commands.$inferInsert>, onlyWhen?: SQL): Promise<CommandRow | null> {
    const [row] = await db
      .update(commands)
      .set(values)
      .where(and(eq(commands.id, id), onlyWhen))
      .returning();
    return row ?? null;
  },

  /** Marks a pending command sent; null when it is no longer pending (its answer can come back first). */
  async markSent(id: string, sentAt: Date): Promise<CommandRow | null> {
    const [row] = await db
      .update(commands)
      .set({ status: 'sent', sentAt })
      .where(and(eq(commands.id, id), eq(commands.status, 'pending')))
      .returning();
    return row ?? null;
  },

  async find(id: string): Promise<CommandRow | null> {
    const [row] = await db.select().from(commands).where(eq(commands.id, id)).limit(1);
    return row ?? null;
  },

  /** The latest upgrade of a logger (and battery), for the cool-down. */
  async lastUpgrade(gsn: string, batterySn: string | null): Promise<CommandRow | null> {
    const [row] = await db
      .select()
      .from(commands)
      .where(and(eq(commands.loggerGsn, gsn), eq(commands.op, 'upgrade'), batterySn ? eq(commands.batterySn, batterySn) : isNull(commands.batterySn)))
      .orderBy(desc(commands.createTime))
      .limit(1);
    return row ?? null;
  },

  /** Sent commands with no answer since `ackBefore`, and upgrades silent since `silentBefore`. */
  async overdue(ackBefore: Date, silentBefore: Date): Promise<CommandRow[]> {
    return db
      .select()
      .from(commands)
      .where(
        or(
          and(eq(commands.status, 'sent'), lt(commands.sentAt, ackBefore)),
          and(eq(commands.status, 'acknowledged'), eq(commands.op, 'upgrade'), isNull(commands.finishedAt), lt(commands.lastReportAt, silentBefore)),
        ),
      )
      .limit(500);
  },

  /**
   * A logger's commands still worth delivering: no answer yet (unfinished, or timed out without
   * one) and created after `since`, oldest first.
   */
  async unanswered(gsn: string, since: Date): Promise<CommandRow[]> {
    return db
      .select()
      .from(commands)
      .where(and(eq(commands.loggerGsn, gsn), isNull(commands.code), inArray(commands.status, ['pending', 'sent', 'timed_out']), gt(commands.createTime, since)))
      .orderBy(commands.createTime)
      .limit(100);
  },

  list(built: BuiltListQuery, scope: SQL | undefined) {
    return selectPage(db, commands, db.select().from(commands).$dynamic(), built, scope);
  },

  /** Restricts to commands of the given loggers. */
  scopeToLoggers(gsns: SQL): SQL {
    return inArray(commands.loggerGsn, gsns);
  },

  /** Marks a command finished unless it already is; used to ignore late or replayed answers. */
  notFinished: sql`${commands.finishedAt} is null`,
  /** Still open, or timed out: a late answer still tells what the device did. */
  answerable: sql`(${commands.finishedAt} is null or ${commands.status} = 'timed_out')`,
});

export type CommandRepository = ReturnType<typeof createCommandRepository>;
