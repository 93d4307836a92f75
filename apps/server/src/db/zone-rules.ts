import { sql } from 'drizzle-orm';
import type { Database } from './database.js';

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Local calendar arithmetic by PostgreSQL's zone rules (DST-correct, the same rules the daily
 * rollups use), for the repositories of charts and histories.
 */
export const zoneRules = {
  /** The instants of local midnight of two days (YYYY-MM-DD) in `zone`. */
  async midnights(db: Database, zone: string, from: string, to: string): Promise<[Date, Date]> {
    const [row] = await rowsOf<{ b: Date | string; e: Date | string }>(db, sql`select (${from}::timestamp at time zone ${zone}) as b, (${to}::timestamp at time zone ${zone}) as e`);
    if (!row) throw new Error('no answer to a constant select');
    return [new Date(row.b), new Date(row.e)];
  },

  /** Today's date (YYYY-MM-DD) in `zone`. */
  async today(db: Database, zone: string): Promise<string> {
    const [row] = await rowsOf<{ today: string }>(db, sql`select to_char(now() at time zone ${zone}, 'YYYY-MM-DD') as today`);
    return row?.today ?? new Date().toISOString().slice(0, 10);
  },
};
