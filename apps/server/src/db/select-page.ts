import { type SQL, and } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { type BuiltListQuery, countAll } from '../lib/list-query.js';
import type { Database } from './database.js';

/**
 * One page of a list endpoint: the rows that the record scope and the list query allow, sorted
 * and windowed, with their total, as one select plus one count. Every list repository reads
 * through it, so the scope cannot be applied to the rows and forgotten on the total.
 *
 * `rows` is the repository's own `db.select(...).from(table).$dynamic()` (its columns, its joins).
 */
export async function selectPage<Rows extends PgSelect>(db: Database, table: PgTable, rows: Rows, built: BuiltListQuery, scope: SQL | undefined) {
  const where = and(scope, built.where);
  const [records, counted] = await Promise.all([
    rows
      .where(where)
      .orderBy(...built.orderBy)
      .limit(built.limit)
      .offset(built.offset),
    db.select({ total: countAll }).from(table).where(where),
  ]);
  return { rows: records as Awaited<Rows>, total: counted[0]?.total ?? 0 };
}
