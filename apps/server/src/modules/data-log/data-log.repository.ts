import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { dataLogs } from '../../db/schema.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { newId } from '../../lib/ids.js';

/** What can write a log entry: the database, or the transaction of the change it records. */
export type DataLogExecutor = Pick<Database, 'insert' | 'select'>;

export interface DataLogEntry {
  table: string;
  dataId: string;
  action: 'add' | 'edit' | 'delete';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  by: string | null;
  tenantId: number | null;
}

export const createDataLogRepository = (db: Database) => ({
  table: createTableRepository(db, dataLogs),

  /**
   * Appends an entry as the record's next version. The version is read in the same statement; two
   * changes of one record at the same moment meet the unique (table, id, version) index, and the
   * later one's transaction fails rather than two entries claiming one version.
   */
  async insert(entry: DataLogEntry, executor: DataLogExecutor = db): Promise<void> {
    const nextVersion = sql<number>`(select coalesce(max(${dataLogs.dataVersion}), 0) + 1 from ${dataLogs} where ${dataLogs.dataTable} = ${entry.table} and ${dataLogs.dataId} = ${entry.dataId})`;
    await executor.insert(dataLogs).values({
      id: newId(),
      dataTable: entry.table,
      dataId: entry.dataId,
      action: entry.action,
      dataVersion: nextVersion,
      dataContent: entry.after,
      dataBefore: entry.before,
      tenantId: entry.tenantId,
      createBy: entry.by,
    });
  },

  /** The record's state its latest logged version left (null: none logged, or deleted). */
  async latestState(dataTable: string, dataId: string, executor: DataLogExecutor = db): Promise<Record<string, unknown> | null> {
    const [row] = await executor
      .select({ content: dataLogs.dataContent })
      .from(dataLogs)
      .where(and(eq(dataLogs.dataTable, dataTable), eq(dataLogs.dataId, dataId)))
      .orderBy(desc(dataLogs.dataVersion))
      .limit(1);
    return row?.content ?? null;
  },

  /** Every version of one record within the scope, oldest first. */
  async versions(dataTable: string, dataId: string, scope: SQL | undefined) {
    return db
      .select({ id: dataLogs.id, dataVersion: dataLogs.dataVersion, action: dataLogs.action, createBy: dataLogs.createBy, createTime: dataLogs.createTime })
      .from(dataLogs)
      .where(and(eq(dataLogs.dataTable, dataTable), eq(dataLogs.dataId, dataId), scope))
      .orderBy(asc(dataLogs.dataVersion));
  },

  /** Entries by their ids within the scope, oldest version first. */
  async byIds(ids: string[], scope: SQL | undefined) {
    return db
      .select()
      .from(dataLogs)
      .where(and(inArray(dataLogs.id, ids), scope))
      .orderBy(asc(dataLogs.dataVersion));
  },
});

export type DataLogRepository = ReturnType<typeof createDataLogRepository>;
