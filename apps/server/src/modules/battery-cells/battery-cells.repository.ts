import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

export interface CellBucketRow {
  bucket: Date | string;
  cell: number;
  value: number;
}

/** Cell readings over time, from the stored samples (their cell arrays). */
export const createBatteryCellsRepository = (db: Database) => ({
  /**
   * Each cell's average per `bucketMinutes` bucket over one local day (`date` at midnight in `timeZone`
   * to the next midnight, DST-correct), 1-based cell numbers; only buckets with readings.
   */
  async dayBuckets(batterySn: string, date: string, timeZone: string, kind: 'voltage' | 'temperature', bucketMinutes: number): Promise<CellBucketRow[]> {
    const cells = kind === 'voltage' ? sql.raw('s.cell_voltages') : sql.raw('s.cell_temperatures');
    const start = sql`(cast(${date} as date)::timestamp at time zone ${timeZone})`;
    const end = sql`((cast(${date} as date) + 1)::timestamp at time zone ${timeZone})`;
    const result = await db.execute(sql`
      select date_bin(make_interval(mins => ${bucketMinutes}), s.ts, ${start}) as bucket, c.ord::int as cell, avg(c.v)::float8 as value
      from tb_battery_sample s cross join lateral unnest(${cells}) with ordinality as c(v, ord)
      where s.battery_sn = ${batterySn} and s.ts >= ${start} and s.ts < ${end}
      group by 1, 2
      order by 1, 2`);
    return (result as unknown as { rows: CellBucketRow[] }).rows;
  },

  /** Today's date (YYYY-MM-DD) in a time zone. */
  async today(timeZone: string): Promise<string> {
    const result = await db.execute(sql`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as today`);
    return (result as unknown as { rows: { today: string }[] }).rows[0]?.today ?? new Date().toISOString().slice(0, 10);
  },
});

export type BatteryCellsRepository = ReturnType<typeof createBatteryCellsRepository>;
