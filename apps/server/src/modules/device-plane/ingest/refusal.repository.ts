import { type IngestRejectReason, type LoggerRefusal, ingestRejectReasons } from '@cellsight/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { loggerRefusals, loggers } from '../../../db/schema.js';

/** Refusals of one logger for one reason gathered in memory since the last write. */
export interface RefusalTally {
  gsn: string;
  reason: IngestRejectReason;
  count: number;
  firstAt: Date;
  lastAt: Date;
  lastTopic: string | null;
  lastDetail: string | null;
  lastExample: string | null;
}

const knownReasons = new Set<string>(ingestRejectReasons);

/** The per-logger refusal counters (`tb_logger_refusal`). */
export const createRefusalRepository = (db: Database) => ({
  /**
   * Adds the tallies to the stored counters in one statement; the latest example wins. Tallies of
   * serial numbers that are not (or no longer) registered loggers are left out: they have no logger
   * to belong to.
   */
  async add(tallies: RefusalTally[]): Promise<void> {
    if (tallies.length === 0) return;
    const gsns = [...new Set(tallies.map((t) => t.gsn))];
    const registered = new Set((await db.select({ gsn: loggers.gsn }).from(loggers).where(inArray(loggers.gsn, gsns))).map((row) => row.gsn));
    const rows = tallies.filter((t) => registered.has(t.gsn));
    if (rows.length === 0) return;
    const newer = sql`excluded.last_at >= ${loggerRefusals.lastAt}`;
    await db
      .insert(loggerRefusals)
      .values(rows.map(({ gsn, ...tally }) => ({ loggerGsn: gsn, ...tally })))
      .onConflictDoUpdate({
        target: [loggerRefusals.loggerGsn, loggerRefusals.reason],
        set: {
          count: sql`${loggerRefusals.count} + excluded.count`,
          firstAt: sql`least(${loggerRefusals.firstAt}, excluded.first_at)`,
          lastAt: sql`greatest(${loggerRefusals.lastAt}, excluded.last_at)`,
          lastTopic: sql`case when ${newer} then excluded.last_topic else ${loggerRefusals.lastTopic} end`,
          lastDetail: sql`case when ${newer} then excluded.last_detail else ${loggerRefusals.lastDetail} end`,
          lastExample: sql`case when ${newer} then excluded.last_example else ${loggerRefusals.lastExample} end`,
        },
      });
  },

  /** A logger's counters, the most recently refused reason first. */
  async list(gsn: string): Promise<LoggerRefusal[]> {
    const rows = await db.select().from(loggerRefusals).where(eq(loggerRefusals.loggerGsn, gsn)).orderBy(desc(loggerRefusals.lastAt), loggerRefusals.reason);
    return rows.flatMap((row) =>
      // A reason a later version wrote and this one does not know is left out rather than failing the answer.
      knownReasons.has(row.reason)
        ? [
            {
              reason: row.reason as IngestRejectReason,
              count: Number(row.count),
              firstTime: row.firstAt.toISOString(),
              lastTime: row.lastAt.toISOString(),
              lastTopic: row.lastTopic,
              lastDetail: row.lastDetail,
              lastExample: row.lastExample,
            },
          ]
        : [],
    );
  },
});

export type RefusalRepository = ReturnType<typeof createRefusalRepository>;
