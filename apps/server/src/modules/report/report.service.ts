import {
  type Language,
  type ParsedSql,
  ServerCode,
  type ReportColumns,
  type ReportData,
  type ReportItem,
  type ReportParam,
  type ReportQueryItem,
  type ReportRecord,
  exportRowsMax,
  reportCacheMs,
  type reportResource,
} from '@cellsight/contract';
import type { z } from 'zod';
import type { ReportDatabase } from '../../db/database.js';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { ResourceService } from '../../kit/resource-service.js';
import { attachment, exportFormats, type SpreadsheetCell } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import { type DataSourceConnections, ReportQueryError, type SandboxQuery, type SandboxResult } from '../data-source/index.js';
import type { DictService } from '../dict/dict.service.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import { SandboxNotSealedError, runInSandbox } from './report-sandbox.repository.js';
import { Binder, bindPlaceholders, checkReportSql, columnRef, fieldTypeOf, placeholdersOf, searchConditions, wireValue } from './report-sql.js';
import type { ReportHeadRow, ReportRepository } from './report.repository.js';

type AddInput = z.infer<typeof reportResource.add>;
type EditInput = z.infer<typeof reportResource.edit>;
type QueryValues = Record<string, unknown>;

export interface ReportServiceOptions {
  kit: ResourceService<typeof reportResource>;
  repository: ReportRepository;
  /** Where reports on the platform's own data run (on the embedded database a copy of it). */
  reports: ReportDatabase;
  tenants: TenantMembershipRepository;
  dicts: DictService;
  /** The data sources a report may name (app.dataSources). */
  dataSources: DataSourceConnections;
  timeoutMs: number;
}

/**
 * Online reports: definitions on the screen kit (items and params written with the head), parsing a
 * query's columns, and running a report for the caller (`getData`, export) in the sandbox, each
 * answer kept 30 s per report, tenants and query (spec section 9).
 */
export const createReportService = (options: ReportServiceOptions) => {
  const { kit, repository, dicts, dataSources, timeoutMs } = options;
  const cache = new Map<string, { at: number; data: ReportData }>();
  const cacheLimit = 500;

  const forget = (headId: string) => {
    for (const key of cache.keys()) if (key.startsWith(`${headId}|`)) cache.delete(key);
  };

  const tenantsOf = async (auth: AuthContext): Promise<number[]> =>
    auth.tenantId ? [auth.tenantId] : (await options.tenants.activeForUser(auth.userId)).map((tenant) => tenant.id);

  /** Runs the statements where the report lives: its data source, else the platform's sandbox; refusals name `cgrSql`. */
  const run = async (auth: AuthContext, dbSource: string | null | undefined, queries: SandboxQuery[]): Promise<SandboxResult[]> => {
    try {
      if (dbSource) return await dataSources.run(dbSource, timeoutMs, queries);
      return await runInSandbox(options.reports, await tenantsOf(auth), timeoutMs, queries);
    } catch (error) {
      if (error instanceof ReportQueryError) throw invalidField('cgrSql', `the query was refused: ${error.message}`);
      if (error instanceof SandboxNotSealedError) throw new AppError(ServerCode.REMOTE_SERVICE_EXCEPTION, error.message, 503);
      throw error;
    }
  };

  /** A report of the caller's tenants; another tenant's is "not found". */
  const headOf = async (auth: AuthContext, id: string): Promise<ReportHeadRow> => {
    const head = await repository.headById(id, auth);
    if (!head) throw notFound('Report');
    return head;
  };

  const assertFree = async (auth: AuthContext, code: string | undefined, exceptId?: string) => {
    if (code !== undefined && !(await kit.isAvailable(auth, 'code', code, exceptId)).free) throw invalidField('code', 'already exists');
  };

  /** A data source is the platform's (docs/architecture.md, "Platform and tenants"): only platform administrators point a report at one. */
  const assertDataSource = async (auth: AuthContext, dbSource: string | null | undefined) => {
    if (!dbSource) return;
    if (!auth.platform) throw forbidden('dbSource: only platform administrators run reports on a data source');
    await dataSources.assertKnown(dbSource);
  };

  /** The statements of one page (or of the export: `limit` rows from the first) and of the count. */
  const statements = (head: ReportHeadRow, items: ReportItem[], params: ReportParam[], query: QueryValues, window: { limit: number; offset: number }) => {
    const body = checkReportSql(head.cgrSql);
    const defaults = new Map(params.map((param) => [param.paramName, param.paramValue ?? null]));
    const valueOf = (name: string): string | null => {
      for (const key of [`self_${name}`, name]) {
        const raw = query[key];
        if (raw !== undefined && raw !== '') return Array.isArray(raw) ? raw.join(',') : String(raw);
      }
      return defaults.get(name) ?? null;
    };
    const build = (tail: (binder: Binder, where: string) => string) => {
      const binder = new Binder();
      const inner = bindPlaceholders(body, valueOf, binder);
      const conditions = searchConditions(items, query, binder);
      const where = conditions.length > 0 ? conditions.join(' and ') : 'true';
      // The new lines keep a trailing `--` comment of the report from swallowing the wrapper.
      return { text: tail(binder, `select * from (\n${inner}\n) report_rows where ${where}`), params: binder.values };
    };
    const column = typeof query.column === 'string' && query.column !== '' ? query.column : undefined;
    if (column !== undefined && !items.some((item) => item.fieldName === column)) throw invalidField('column', `must be one of the report's columns: ${items.map((item) => item.fieldName).join(', ')}`);
    const order = query.order === 'asc' ? 'asc' : 'desc';
    const orderBy = column ? ` order by ${columnRef(column)} ${order} nulls last` : '';
    // Always at least one bound value (the limit): a statement with parameters is never run by the simple protocol.
    const page = build((binder, select) => `${select}${orderBy} limit ${binder.bind(window.limit)} offset ${binder.bind(window.offset)}`);
    const count = build((binder, select) => `select count(*) as total from (${select}) counted limit ${binder.bind(1)}`);
    return { page, count };
  };

  const recordsOf = (result: SandboxResult): Record<string, unknown>[] => {
    const types = new Map(result.fields.map((field) => [field.name, field.dataTypeID]));
    return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, wireValue(value, types.get(key))])));
  };

  return {
    ...kit,

    async byId(auth: AuthContext, id: string, language: Language): Promise<ReportRecord> {
      const record = await kit.byId(auth, id, language);
      return { ...record, items: await repository.items(id), params: await repository.params(id) };
    },

    async add(auth: AuthContext, input: AddInput): Promise<string> {
      checkReportSql(input.cgrSql);
      await assertFree(auth, input.code);
      await assertDataSource(auth, input.dbSource);
      const tenantId = await options.tenants.workingTenantOf(auth);
      if (tenantId === null) throw invalidField('tenant-id', 'you belong to no tenant to add a report to');
      const id = newId();
      const { items = [], params = [], ...head } = input;
      await repository.insert({ ...head, id, tenantId, createBy: auth.username }, items, params);
      return id;
    },

    async edit(auth: AuthContext, input: EditInput): Promise<void> {
      const { id, items, params, ...head } = input;
      await headOf(auth, id);
      if (head.cgrSql !== undefined) checkReportSql(head.cgrSql);
      await assertFree(auth, head.code, id);
      await assertDataSource(auth, head.dbSource);
      await repository.update(id, { ...head, updateBy: auth.username, updateTime: new Date() }, items, params, auth);
      forget(id);
    },

    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      await kit.remove(auth, ids);
      for (const id of ids) forget(id);
    },

    /** The query run with no rows: its columns with their types, and its `${name}` placeholders. */
    async parseSql(auth: AuthContext, input: { cgrSql: string; dbSource?: string | null }): Promise<ParsedSql> {
      const body = checkReportSql(input.cgrSql);
      await assertDataSource(auth, input.dbSource);
      const binder = new Binder();
      const inner = bindPlaceholders(body, () => null, binder);
      const text = `select * from (\n${inner}\n) report_rows limit ${binder.bind(0)}`;
      const [result] = await run(auth, input.dbSource, [{ text, params: binder.values }]);
      return { columns: (result?.fields ?? []).map((field) => ({ fieldName: field.name, fieldType: fieldTypeOf(field.dataTypeID) })), params: placeholdersOf(body) };
    },

    async columns(auth: AuthContext, code: string, language: Language): Promise<ReportColumns> {
      const head = await repository.headByCode(code, auth);
      if (!head) throw notFound('Report', 'code');
      const shown = (await repository.items(head.id)).filter((item) => item.isShow === 1);
      const all = shown.some((item) => item.dictCode) ? await dicts.all(language) : {};
      const dictOptions: ReportColumns['dictOptions'] = {};
      for (const item of shown) if (item.dictCode) dictOptions[item.fieldName] = (all[item.dictCode] ?? []).map(({ value, text }) => ({ value, text }));
      return {
        columns: shown.map((item) => ({
          title: item.fieldTxt,
          dataIndex: item.fieldName,
          fieldType: item.fieldType,
          align: 'center',
          sorter: 'true',
          isTotal: item.isTotal === 1 ? '1' : '0',
          ...(item.dictCode ? { customRender: item.fieldName } : {}),
        })),
        dictOptions,
        fieldHrefSlots: [],
        isGroupTitle: false,
        cgRpConfigId: head.id,
        cgRpConfigName: head.name,
      };
    },

    async queryInfo(auth: AuthContext, configId: string): Promise<ReportQueryItem[]> {
      await headOf(auth, configId);
      const searched = (await repository.items(configId)).filter((item) => item.isSearch === 1);
      return searched.map((item, index) => ({
        label: item.fieldTxt,
        field: item.fieldName,
        view: item.dictCode ? 'list' : (item.fieldType.toLowerCase() as ReportQueryItem['view']),
        mode: item.searchMode,
        ...(item.dictCode ? { dictCode: item.dictCode } : {}),
        // From the third search item on, behind "more" (spec section 3).
        ...(index >= 2 ? { hidden: '1' as const } : {}),
      }));
    },

    async paramsInfo(auth: AuthContext, configId: string): Promise<ReportParam[]> {
      await headOf(auth, configId);
      return repository.params(configId);
    },

    /** One page of the report for the caller, reused for 30 s per report, tenants and query. */
    async data(auth: AuthContext, configId: string, query: QueryValues & { pageNo: number; pageSize: number }): Promise<ReportData> {
      const tenants = await tenantsOf(auth);
      // The console's cache-busting `_t` is no part of the question.
      const { _t: _cacheBuster, ...asked } = query;
      const key = `${configId}|${tenants.join(',')}|${JSON.stringify(Object.entries(asked).sort(([a], [b]) => a.localeCompare(b)))}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < reportCacheMs) return hit.data;
      const head = await headOf(auth, configId);
      const [items, params] = await Promise.all([repository.items(configId), repository.params(configId)]);
      const { page, count } = statements(head, items, params, query, { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize });
      const [rows, total] = await run(auth, head.dbSource, [page, count]);
      const data = { total: Number(total?.rows[0]?.total ?? 0), records: rows ? recordsOf(rows) : [] };
      if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: Date.now(), data });
      return data;
    },

    /** The whole report (as searched and sorted) as .xlsx: the shown columns, headings from field_txt, dictionary texts. */
    async exportReport(auth: AuthContext, configId: string, query: QueryValues, language: Language, now = new Date()) {
      const head = await headOf(auth, configId);
      const [items, params] = await Promise.all([repository.items(configId), repository.params(configId)]);
      const { page } = statements(head, items, params, query, { limit: exportRowsMax + 1, offset: 0 });
      const [result] = await run(auth, head.dbSource, [page]);
      const rows = result ? recordsOf(result) : [];
      if (rows.length > exportRowsMax) throw invalidField('pageSize', `the export holds at most ${exportRowsMax} rows; narrow the search`);
      const shown = items.filter((item) => item.isShow === 1);
      const translate = await dicts.translator(language);
      const isDate = (item: ReportItem) => item.fieldType === 'Date' || item.fieldType === 'Datetime';
      const columns = shown.map((item) => ({ header: item.fieldTxt, width: isDate(item) ? 20 : 24, ...(item.fieldType === 'Datetime' ? { format: 'yyyy-mm-dd hh:mm:ss' } : item.fieldType === 'Date' ? { format: 'yyyy-mm-dd' } : {}) }));
      const cells = rows.map((row) =>
        shown.map((item): SpreadsheetCell => {
          const value = row[item.fieldName];
          if (value === undefined || value === null || value === '') return null;
          if (item.dictCode) return translate(item.dictCode, value as string | number) ?? String(value);
          if (isDate(item) && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value);
          return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? value : JSON.stringify(value);
        }),
      );
      const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const { contentType, write } = exportFormats.xlsx;
      return { fileName: `${head.name}-${stamp}.xlsx`, contentType, disposition: attachment(`${head.name}-${stamp}.xlsx`), data: await write(head.name.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Report', columns, cells) };
    },
  };
};

export type ReportService = ReturnType<typeof createReportService>;
