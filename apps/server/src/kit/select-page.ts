import { type SQL, and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { type BuiltListQuery, countAll } from './list-query.js';
import type { Database } from '../db/database.js';

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

/**
 * `selectPage` for rows with computed values (subqueries per row): the page's ids are chosen in a
 * subquery and only those rows are computed, in one statement beside the count, so a deep page does
 * not pay for every row it skips. The scope applies to the ids and the total alike.
 */
export async function selectComputedPage(db: Database, table: PgTable & { id: AnyPgColumn }, columns: Record<string, unknown>, built: BuiltListQuery, scope: SQL | undefined) {
  const where = and(scope, built.where);
  // Drizzle's generic table types do not survive this level of abstraction; the cast is local.
  const from = table as PgTable;
  const page = db.select({ pageId: table.id }).from(from).where(where).orderBy(...built.orderBy).limit(built.limit).offset(built.offset).as('page');
  const [records, counted] = await Promise.all([
    db
      .select(columns as never)
      .from(from)
      .innerJoin(page, eq(table.id, page.pageId))
      .orderBy(...built.orderBy),
    db.select({ total: countAll }).from(from).where(where),
  ]);
  return { rows: records as unknown[], total: counted[0]?.total ?? 0 };
}
