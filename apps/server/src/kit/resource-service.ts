import {
  type AllDictItems,
  type ImportError,
  type Language,
  type ListQuery,
  type Page,
  type Resource,
  ServerCode,
  exportRowsMax,
  languages,
  splitIds,
  type Words,
  wordsIn,
} from '@cellsight/contract';
import { type SQL, and, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TableRepository, createTableRepository } from './table-repository.js';
import type { AuthContext } from '../access/auth-context.js';
import { forbidden, invalidField, notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { type BuiltListQuery, type ListSpec, buildListQuery, dataRuleCondition, defineListSpec, toPage } from './list-query.js';
import { importRefusal, readImportFile } from './spreadsheet-import.js';
import { type ExportFormat, type SpreadsheetCell, exportFormats } from './spreadsheet.js';

type AnyTable = Parameters<typeof createTableRepository>[1];

/** What a screen reads of the dictionaries (app.dicts): texts for codes in the caller's language, and every item to read texts back. */
export interface ResourceDictionaries {
  translator(language: Language): Promise<(code: string, value: string | number | null) => string | null>;
  all(language: Language): Promise<AllDictItems>;
}
type RecordOf<R extends Resource> = z.infer<R['record']>;

export interface ResourceServiceOptions<R extends Resource, Table extends AnyTable> {
  resource: R;
  repository: TableRepository<Table>;
  table: Table;
  /** The database column each list column reads (types and bounds come from the contract). */
  columns: { [Name in keyof R['columns']]: AnyPgColumn };
  dicts: ResourceDictionaries;
  /** The record scope (tenant, station hierarchy); none for system tables that the permission alone guards. */
  scope?: (auth: AuthContext) => SQL | undefined;
  /** Told after records changed, with their ids (live refresh of other consoles). */
  onChanged?: (auth: AuthContext, ids: string[]) => void;
  /** Query parameters of the list and export beyond the list columns (JeecgBoot's `keyWord`), each read into a condition. */
  extraFilters?: Record<string, (value: string, auth: AuthContext) => SQL>;
  /** Records that belong to tenants (a `Tenancy` 'tenant' resource with a tenant column): `TenantRows`. */
  tenantRows?: TenantRows;
}

/**
 * How a resource's rows belong to tenants (docs/architecture.md, "Platform and tenants"). The list,
 * one record and every write keep to the caller's tenants (another tenant's row is "not found"), a
 * new record joins the caller's working tenant, and unique values are unique within a tenant. With
 * `sharedRows`, a row of no tenant is the platform's: every tenant reads it, platform administrators
 * alone change it (403 for anyone else), and a platform administrator's new record is one of them.
 */
export interface TenantRows {
  column: AnyPgColumn;
  sharedRows: boolean;
  /** The caller's tenants, as a subquery (`callerTenantIds`). */
  tenantsOf: (auth: AuthContext) => SQL;
  /** The tenant a caller's new records join; null for a caller of no tenant, who may add none. */
  workingTenantOf: (auth: AuthContext) => Promise<number | null>;
}

const taken = 'already exists';

/**
 * The caller's data rules on the list that `listCode` guards, as one condition on `spec`'s columns:
 * the kit's lists apply it themselves; a list with its own service (users, loggers, batteries) adds
 * it to its list and export.
 */
export const dataRulesOn = async (auth: AuthContext, listCode: string, spec: ListSpec): Promise<SQL | undefined> => dataRuleCondition((await auth.dataRules?.(listCode)) ?? [], spec);

/** A database value as the wire carries it: dates as ISO 8601 text. */
const wireValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/**
 * What every resource screen does, once: its list (the list contract, within the record scope, with
 * dictionary texts in the caller's language), one record, add, edit, delete, the duplicate check,
 * export to .xlsx or .csv, and import from .xls or .xlsx with a per-row error report.
 */
export const createResourceService = <R extends Resource, Table extends AnyTable>(options: ResourceServiceOptions<R, Table>) => {
  const { resource, repository, dicts } = options;
  const listSpec = defineListSpec(resource.columns, options.columns, { name: resource.defaultSort.column, order: resource.defaultSort.order }, options.table.id);
  const tenantRows = options.tenantRows;
  const tenantKey = tenantRows ? Object.entries(getTableColumns(options.table as never) as Record<string, AnyPgColumn>).find(([, column]) => column === tenantRows.column)?.[0] : undefined;
  if (tenantRows && !tenantKey) throw new Error(`${resource.path}: the tenant column is not a column of the table`);
  const recordName = wordsIn(resource.recordName ?? resource.title, 'en-US').toLowerCase();
  /** What the caller reads: the record scope, and the rows of its tenants (and the platform's, with shared rows). */
  const scope = (auth: AuthContext) => {
    if (!tenantRows) return options.scope?.(auth);
    const own = inTenants(tenantRows.column, tenantRows.tenantsOf(auth));
    return and(options.scope?.(auth), tenantRows.sharedRows ? or(isNull(tenantRows.column), own) : own);
  };
  /** Refuses a row the caller reads but may not change: the platform's, for anyone but a platform administrator. */
  const assertWritable = (auth: AuthContext, rows: object[]) => {
    if (!tenantRows || auth.platform) return;
    if (rows.some((row) => (row as Record<string, unknown>)[tenantKey as string] === null)) throw forbidden(`Only platform administrators change this ${recordName}: every tenant shares it`);
  };
  /** The tenant a new record of this caller belongs to: null for the platform's own rows. */
  const newRecordTenant = async (auth: AuthContext): Promise<number | null | undefined> => {
    if (!tenantRows) return undefined;
    if (tenantRows.sharedRows && auth.platform) return null;
    const tenantId = await tenantRows.workingTenantOf(auth);
    if (tenantId === null) throw invalidField('tenant-id', `you belong to no tenant to add a ${recordName} to`);
    return tenantId;
  };
  /** Where a value of a unique field must be free: among the rows of the record's tenant (and the platform's, which every tenant reads). */
  const uniqueWithin = (tenantId: number | null | undefined): SQL | undefined => {
    if (!tenantRows || tenantId === undefined || tenantId === null) return undefined;
    const own = eq(tenantRows.column, tenantId);
    return tenantRows.sharedRows ? or(own, isNull(tenantRows.column)) : own;
  };
  const tenantOfRow = (row: object | undefined): number | null | undefined => (tenantKey && row ? ((row as Record<string, unknown>)[tenantKey] as number | null) : undefined);
  const uniqueFields = (resource.unique ?? []) as string[];
  const dictionaries = Object.entries(resource.dictionaries ?? {}) as [string, string][];
  const uniqueColumn = (field: string) => (options.table as unknown as Record<string, AnyPgColumn>)[field] as AnyPgColumn;

  /** The caller's data rules on this resource's list (its list permission finds the menu), as one condition. */
  const rulesOf = (auth: AuthContext) => dataRulesOn(auth, resource.permissions.list, listSpec);

  /** The list query, its extra filters taken out and applied as conditions (blank ones ignored), with the data rules. */
  const listQueryOf = (query: ListQuery, auth: AuthContext, rules?: SQL) => {
    const rest: Record<string, unknown> = { ...query };
    const conditions: SQL[] = rules ? [rules] : [];
    for (const [name, toCondition] of Object.entries(options.extraFilters ?? {})) {
      const raw = rest[name];
      delete rest[name];
      const value = (Array.isArray(raw) ? raw.join(',') : String(raw ?? '')).trim();
      if (value !== '') conditions.push(toCondition(value, auth));
    }
    return buildListQuery(rest as ListQuery, listSpec, conditions);
  };

  const recordsOf = async (rows: object[], language: Language): Promise<RecordOf<R>[]> => {
    const dictText = await dicts.translator(language);
    return rows.map((row) => {
      const record: Record<string, unknown> = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, wireValue(value)]));
      for (const [field, code] of dictionaries) record[`${field}_dictText`] = dictText(code, (record[field] as string | number | null | undefined) ?? null);
      return record as RecordOf<R>;
    });
  };

  /** Refuses values that another record (of the same tenant, where records belong to tenants) holds, naming each field. */
  const assertUnique = async (values: Record<string, unknown>, within: SQL | undefined, exceptId?: string) => {
    for (const field of uniqueFields) {
      const value = values[field];
      if (typeof value === 'string' && (await repository.taken(uniqueColumn(field), [value], exceptId, within)).size > 0) throw invalidField(field, taken);
    }
  };

  /** Maps a dictionary field's text (in any language) back to its value, so an exported sheet imports again. */
  const dictionaryValues = async () => {
    const byField = new Map<string, Map<string, string>>();
    for (const language of languages) {
      const all = await dicts.all(language);
      for (const [field, code] of dictionaries) {
        const map = byField.get(field) ?? new Map<string, string>();
        for (const item of all[code] ?? []) map.set(item.text.trim().toLowerCase(), item.value);
        byField.set(field, map);
      }
    }
    return byField;
  };

  return {
    resource,

    async list(auth: AuthContext, query: ListQuery, language: Language): Promise<Page<RecordOf<R>>> {
      const built = listQueryOf(query, auth, await rulesOf(auth));
      const { rows, total } = await repository.page(built, scope(auth));
      return toPage(await recordsOf(rows, language), total, built);
    },

    async byId(auth: AuthContext, id: string, language: Language): Promise<RecordOf<R>> {
      const [row] = await repository.byIds([id], scope(auth));
      if (!row) throw notFound('Record');
      const [record] = await recordsOf([row], language);
      return record as RecordOf<R>;
    },

    async add(auth: AuthContext, input: z.infer<NonNullable<R['add']>>): Promise<string> {
      const tenantId = await newRecordTenant(auth);
      await assertUnique(input, uniqueWithin(tenantId));
      const id = newId();
      await repository.insert([{ ...input, id, createBy: auth.username, ...(tenantKey ? { [tenantKey]: tenantId } : {}) } as never]);
      options.onChanged?.(auth, [id]);
      return id;
    },

    async edit(auth: AuthContext, input: z.infer<NonNullable<R['edit']>>): Promise<void> {
      const { id, ...changes } = input as { id: string } & Record<string, unknown>;
      // Outside the scope is "not found", before anything about the values is said.
      const [row] = await repository.byIds([id], scope(auth));
      if (!row) throw notFound('Record');
      assertWritable(auth, [row]);
      await assertUnique(changes, uniqueWithin(tenantOfRow(row)), id);
      await repository.update(id, { ...changes, updateBy: auth.username, updateTime: new Date() } as never, scope(auth));
      options.onChanged?.(auth, [id]);
    },

    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      const unique = [...new Set(ids)];
      if (tenantRows) assertWritable(auth, await repository.byIds(unique, scope(auth)));
      const removed = await repository.remove(unique, scope(auth));
      if (removed.length === 0) throw notFound('Record');
      options.onChanged?.(auth, removed);
    },

    async isAvailable(auth: AuthContext, field: string, value: string, exceptId?: string) {
      // Within the tenant of the record being edited, else of a new record of the caller's.
      const [edited] = exceptId && tenantRows ? await repository.byIds([exceptId], scope(auth)) : [];
      const within = uniqueWithin(edited ? tenantOfRow(edited) : await newRecordTenant(auth));
      const isTaken = (await repository.taken(uniqueColumn(field), [value], exceptId, within)).size > 0;
      return isTaken ? { free: false, code: ServerCode.INCORRECT_PARAMETER, message: 'This value already exists' } : { free: true, code: ServerCode.OK, message: 'This value is available' };
    },

    async exportSheet(auth: AuthContext, query: ListQuery, language: Language, format: ExportFormat, now = new Date()) {
      const selected = exportSelection(query);
      // Selected rows too: an export never holds a row the caller's list would not show.
      const rules = await rulesOf(auth);
      const { rows } =
        selected.length > 0 ? { rows: await repository.byIds(selected, and(scope(auth), rules)) } : await repository.page(exportWindow(listQueryOf(query, auth, rules)), scope(auth));
      assertExportSize(rows);
      return exportResource(resource, (await recordsOf(rows, language)) as Record<string, unknown>[], language, format, now);
    },

    /** Stores every row of the file, or none: any refused cell is reported with its row and field. */
    async importSheet(auth: AuthContext, file: Buffer, fileName: string, language: Language): Promise<number> {
      const addSchema = resource.add;
      // The import route exists only with an add schema (resource-routes): rows are added records.
      if (!addSchema) throw notFound('Import');
      const fields = Object.keys(addSchema.shape);
      // Headings in any language (an export reads back); the caller's own first, as messages name it.
      const importColumns = fields.map((field) => {
        const words = (resource.labels as Record<string, Words | undefined>)[field];
        return { field, headings: words ? [wordsIn(words, language), ...words, field] : [field] };
      });
      const tenantId = await newRecordTenant(auth);
      const toValues = await dictionaryValues();
      // Dictionary texts become their values before validation ("Senior" → "4").
      const rowSchema = z.preprocess((row) => {
        const values = { ...(row as Record<string, unknown>) };
        for (const [field, map] of toValues) if (values[field] !== undefined) values[field] = map.get(String(values[field]).trim().toLowerCase()) ?? String(values[field]);
        return values;
      }, addSchema);
      const result = await readImportFile(file, fileName, importColumns, rowSchema);
      if (!result.ok) throw importRefusal(result);
      const errors: ImportError[] = [];
      for (const field of uniqueFields) {
        const seen = new Map<string, number>();
        result.rows.forEach((row, index) => {
          const value = (row as Record<string, unknown>)[field];
          if (typeof value !== 'string') return;
          const spreadsheetRow = result.rowNumbers[index] ?? index + 2;
          const first = seen.get(value);
          if (first !== undefined) errors.push({ row: spreadsheetRow, field, message: `repeats row ${first}` });
          else seen.set(value, spreadsheetRow);
        });
        const existing = await repository.taken(uniqueColumn(field), [...seen.keys()], undefined, uniqueWithin(tenantId));
        for (const [value, row] of seen) if (existing.has(value)) errors.push({ row, field, message: taken });
      }
      if (errors.length > 0) throw importRefusal({ errors: errors.sort((a, b) => a.row - b.row) });
      const ids = result.rows.map(() => newId());
      await repository.insert(result.rows.map((row, index) => ({ ...(row as object), id: ids[index], createBy: auth.username, ...(tenantKey ? { [tenantKey]: tenantId } : {}) }) as never));
      options.onChanged?.(auth, ids);
      return ids.length;
    },
  };
};

/** The selected rows of an export (`selections`, comma-joined ids), at most `exportRowsMax`; none means the whole list. */
export const exportSelection = (query: ListQuery): string[] => {
  const selected = query.selections ? [...new Set(splitIds(query.selections))] : [];
  if (selected.length > exportRowsMax) throw invalidField('selections', `at most ${exportRowsMax} rows can be exported at once`);
  return selected;
};

/** The list query of an export: every row from the first, one more than an export holds so a too-large one shows. */
export const exportWindow = (built: BuiltListQuery): BuiltListQuery => ({ ...built, limit: exportRowsMax + 1, offset: 0 });

export const assertExportSize = (rows: readonly unknown[]): void => {
  if (rows.length > exportRowsMax) throw invalidField('selections', `the export holds at most ${exportRowsMax} rows; narrow the search or select rows`);
};

/**
 * A resource's records as a spreadsheet file: the `sheet` fields in order, headings in `language`,
 * dictionary fields as their texts, dates as date cells; named after the screen and the time.
 */
export async function exportResource(resource: Resource, records: Record<string, unknown>[], language: Language, format: ExportFormat, now = new Date()) {
  const columns = resource.sheet.map((field) => {
    const words = (resource.labels as Record<string, Words | undefined>)[field];
    const isDate = resource.columns[field]?.type === 'date';
    const heading = words ? wordsIn(words, language) : field;
    // Spreadsheets show date cells as stored, in UTC: the heading says so.
    return { header: isDate ? `${heading} (UTC)` : heading, width: isDate ? 20 : 24, ...(isDate ? { format: 'yyyy-mm-dd hh:mm:ss' } : {}) };
  });
  const cells = records.map((record) =>
    resource.sheet.map((field): SpreadsheetCell => {
      const value = record[`${field}_dictText`] ?? record[field];
      if (value === undefined || value === null || value === '') return null;
      return resource.columns[field]?.type === 'date' ? new Date(String(value)) : (value as SpreadsheetCell);
    }),
  );
  const title = wordsIn(resource.title, language);
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const { contentType, write } = exportFormats[format];
  return { fileName: `${title}-${stamp}.${format}`, contentType, data: await write(title, columns, cells) };
}

/** The rows of `column` among the tenants of a subquery. */
const inTenants = (column: AnyPgColumn, tenants: SQL): SQL => sql`${column} in ${tenants}`;


export type ResourceService<R extends Resource> = ReturnType<typeof createResourceService<R, AnyTable>>;
