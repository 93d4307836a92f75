import { type AreaItem } from '@cellsight/contract';
import { asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { AreaRow } from './area-data.js';
import { areas } from './area.table.js';

const itemOf = (row: typeof areas.$inferSelect): AreaItem => ({ id: row.code, text: row.name, pid: row.parentCode ?? '', level: row.level });

export const createAreaRepository = (db: Database) => ({
  async isEmpty(): Promise<boolean> {
    const [row] = await db.select({ n: count() }).from(areas);
    return (row?.n ?? 0) === 0;
  },

  /** Stores the rows in one transaction; rows another instance stored meanwhile are kept. */
  async fill(rows: AreaRow[]): Promise<void> {
    await db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += 1000) await tx.insert(areas).values(rows.slice(start, start + 1000)).onConflictDoNothing();
    });
  },

  async children(parentCode: string | null): Promise<AreaItem[]> {
    const rows = await db.select().from(areas).where(parentCode === null ? isNull(areas.parentCode) : eq(areas.parentCode, parentCode)).orderBy(asc(areas.code));
    return rows.map(itemOf);
  },

  async byCode(code: string): Promise<AreaItem | null> {
    const [row] = await db.select().from(areas).where(eq(areas.code, code));
    return row ? itemOf(row) : null;
  },
});
export type AreaRepository = ReturnType<typeof createAreaRepository>;
