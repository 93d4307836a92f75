import type { dataLogResource } from '@cellsight/contract';
import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { dataLogs, userTenants } from '../../db/schema.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { newId } from '../../lib/ids.js';
import type { AuthContext } from '../../access/auth-context.js';
import { callerTenantIds } from '../../access/tenant-scope.js';

/** What can write a log entry: the database, or the transaction of the change it records. */
export type DataLogExecutor = Pick<Database, 'insert' | 'select'>;

export interface DataLogEntry {
  table: string;
  dataId: string;
  action: 'add' | 'edit' | 'delete';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  by: string | null;
  /** The record's tenant; null with `actingFor`: the tenant the changer works in. */
  tenantId: number | null;
  /** Who made a change whose record has no tenant of its own (users, roles). */
  actingFor?: Pick<AuthContext, 'userId' | 'tenantId'>;
}

/** The tenant a change was made in when its record has none of its own: the chosen one, else the changer's first. */
const actingTenant = (auth: Pick<AuthContext, 'userId' | 'tenantId'>): SQL =>
  auth.tenantId ? sql`${auth.tenantId}::integer` : sql`(select min(${userTenants.tenantId}) from ${userTenants} where ${userTenants.userId} = ${auth.userId})`;

/** The entries a caller reads: those of its tenants only (the chosen one, or all their own). */
export const dataLogScope = (auth: AuthContext): SQL => inArray(dataLogs.tenantId, callerTenantIds(auth));

export const createDataLogRepository = (db: Database) => ({
  /** What the screen kit reads the log through: its table, the list's columns and the scope. */
  screen: {
    table: dataLogs,
    repository: createTableRepository(db, dataLogs),
    columns: {
      dataTable: dataLogs.dataTable,
      dataId: dataLogs.dataId,
      dataVersion: dataLogs.dataVersion,
      action: dataLogs.action,
      createBy: dataLogs.createBy,
      createTime: dataLogs.createTime,
    },
    scope: dataLogScope,
  } satisfies Omit<ResourceServiceOptions<typeof dataLogResource, typeof dataLogs>, 'resource' | 'dicts'>,

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
      tenantId: entry.tenantId !== null ? entry.tenantId : entry.actingFor ? actingTenant(entry.actingFor) : null,
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
