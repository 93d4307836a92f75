import { type SQL, type SQLWrapper, and, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { BuiltListQuery } from './list-query.js';
import type { Database } from '../db/database.js';
import { selectComputedPage, selectPage } from './select-page.js';

type TableWithId = PgTable & { id: AnyPgColumn };

/**
 * The reads and writes every resource table needs (its list page, rows by id, insert, update,
 * delete, "is this value taken"), for tables with a text `id`. Each takes the record scope, so a
 * row outside the caller's scope is never read, changed or deleted.
 */
export const createTableRepository = <Table extends TableWithId>(db: Database, table: Table, options: { computed?: Record<string, SQLWrapper> } = {}) => {
  type Row = Table['$inferSelect'];
  type Insert = Table['$inferInsert'];
  // Drizzle's generic table types do not survive this level of abstraction; the casts are local.
  const anyTable = table as TableWithId & PgTable;
  // Values a screen shows beside the row's own (counts, sums, names of linked rows), read per row of
  // the page only: the count and the scope never evaluate them.
  const columns = { ...getTableColumns(anyTable), ...options.computed } as never;
  const select = () => db.select(columns).from(anyTable).$dynamic();
  return {
    async page(built: BuiltListQuery, scope: SQL | undefined): Promise<{ rows: Row[]; total: number }> {
      const page = options.computed ? await selectComputedPage(db, anyTable, columns, built, scope) : await selectPage(db, anyTable, select(), built, scope);
      return page as { rows: Row[]; total: number };
    },

    async byIds(ids: string[], scope: SQL | undefined): Promise<Row[]> {
      if (ids.length === 0) return [];
      return (await select().where(and(inArray(table.id, ids), scope))) as Row[];
    },

    /** Every row in one transaction: all are stored or none. */
    async insert(rows: Insert[]): Promise<void> {
      await db.transaction(async (tx) => {
        // Parameters per statement are limited (65,535); a thousand rows stay well inside.
        for (let start = 0; start < rows.length; start += 1000) await tx.insert(anyTable).values(rows.slice(start, start + 1000) as never);
      });
    },

    /** Whether the row existed (within the scope) and was changed. */
    async update(id: string, values: Partial<Insert>, scope: SQL | undefined): Promise<boolean> {
      const changed = await db
        .update(anyTable)
        .set(values as never)
        .where(and(eq(table.id, id), scope))
        .returning({ id: table.id });
      return changed.length > 0;
    },

    /** The ids deleted (those that existed within the scope). */
    async remove(ids: string[], scope: SQL | undefined): Promise<string[]> {
      if (ids.length === 0) return [];
      const removed = await db
        .delete(anyTable)
        .where(and(inArray(table.id, ids), scope))
        .returning({ id: table.id });
      return removed.map((row) => String(row.id));
    },

    /** Which of `values` some row (other than `exceptId`, and among `within` when given) already holds in `column`. */
    async taken(column: AnyPgColumn, values: string[], exceptId?: string, within?: SQL): Promise<Set<string>> {
      if (values.length === 0) return new Set();
      const rows = await db
        .select({ value: column })
        .from(anyTable)
        .where(and(inArray(column, values), exceptId === undefined ? undefined : ne(table.id, exceptId), within));
      return new Set(rows.map((row) => String(row.value)));
    },
  };
};

export type TableRepository<Table extends TableWithId> = ReturnType<typeof createTableRepository<Table>>;
