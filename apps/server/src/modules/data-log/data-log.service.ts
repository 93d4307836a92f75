import { type DataLogActionName, type DataLogRecord, type DataLogTableName, type DataLogVersion, type Language, type ListQuery, type Page, dataLogCompareMessage, dataLogResource } from '@cellsight/contract';
import { invalidField, notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import { type DataLogExecutor, type DataLogRepository, dataLogScope } from './data-log.repository.js';

/** Fields never written to the log: secrets, and what only the server reads. */
const secretFields = new Set(['passwordHash', 'password', 'salt', 'keyHash', 'secret', 'signingKey']);

/** A record as the log keeps it: plain JSON values (dates as ISO text), secrets left out. */
export const loggedState = (record: object | null | undefined): Record<string, unknown> | null => {
  if (!record) return null;
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (secretFields.has(key) || value === undefined) continue;
    state[key] = value instanceof Date ? value.toISOString() : value;
  }
  return state;
};

export interface DataLogChange {
  table: DataLogTableName;
  id: string;
  action: DataLogActionName;
  /** The record before the change; omitted on an edit: the state its latest logged version left (a battery's settings). */
  before?: object | null;
  after?: object | null;
  /** Who changed it (a user name). */
  by: string | null;
  /** The record's tenant; omitted: the tenant the changer works in (the chosen one, else their first). */
  tenantId?: number | null;
}

/**
 * The recorder every service that changes a logged record calls (`app.dataLog.record`), passing its
 * transaction so the entry is stored with the change or not at all. An edit that changed nothing
 * the log keeps is not recorded.
 */
export const createDataLogRecorder = (repository: DataLogRepository) => ({
  async record(change: DataLogChange, options: { executor?: DataLogExecutor; auth?: Pick<AuthContext, 'userId' | 'tenantId'> } = {}): Promise<void> {
    const before = change.action === 'add' ? null : change.before === undefined ? await repository.latestState(change.table, change.id, options.executor) : loggedState(change.before);
    const after = change.action === 'delete' ? null : loggedState(change.after);
    if (change.action === 'edit' && JSON.stringify(before) === JSON.stringify(after)) return;
    await repository.insert({ table: change.table, dataId: change.id, action: change.action, before, after, by: change.by, tenantId: change.tenantId ?? null, actingFor: options.auth }, options.executor);
  },
});
export type DataLogRecorder = ReturnType<typeof createDataLogRecorder>;

declare module 'fastify' {
  interface FastifyInstance {
    dataLog: DataLogRecorder;
  }
}

const wire = <T extends { createTime: Date }>(row: T) => ({ ...row, createTime: row.createTime.toISOString() });

/** The log's screen: entries of the caller's tenants only (the chosen one, or all their own). */
export const createDataLogService = (repository: DataLogRepository, dicts: DictService) => {
  const scope = dataLogScope;
  const kit = createResourceService({ resource: dataLogResource, ...repository.screen, dicts });
  return {
    resource: dataLogResource,
    list: (auth: AuthContext, query: ListQuery, language: Language): Promise<Page<DataLogRecord>> => kit.list(auth, query, language),
    byId: (auth: AuthContext, id: string, language: Language): Promise<DataLogRecord> => kit.byId(auth, id, language),
    exportSheet: kit.exportSheet.bind(kit),

    /** Every version of one record the caller may see, oldest first (the diff view's choices). */
    async versions(auth: AuthContext, dataTable: string, dataId: string): Promise<DataLogVersion[]> {
      const rows = await repository.versions(dataTable, dataId, scope(auth));
      return rows.map((row) => wire(row) as DataLogVersion);
    },

    /** Two entries of the same record, older first: what the diff view puts side by side. */
    async compare(auth: AuthContext, firstId: string, secondId: string): Promise<DataLogRecord[]> {
      const rows = await repository.byIds([...new Set([firstId, secondId])], scope(auth));
      if (!rows.some((row) => row.id === firstId) || !rows.some((row) => row.id === secondId)) throw notFound('Data log entry');
      const [first, second] = rows;
      if (first && second && (first.dataTable !== second.dataTable || first.dataId !== second.dataId)) throw invalidField('dataId2', dataLogCompareMessage.differentRecords);
      return rows.map((row) => wire(row) as DataLogRecord);
    },
  };
};
export type DataLogService = ReturnType<typeof createDataLogService>;
