import {
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
import { type SQL, and } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TableRepository, createTableRepository } from '../db/table-repository.js';
import type { DictService } from '../modules/dict/dict.service.js';
import type { AuthContext } from '../plugins/auth.plugin.js';
import { AppError, invalidField, notFound } from './errors.js';
import { newId } from './ids.js';
import { type BuiltListQuery, type ListSpec, buildListQuery, dataRuleCondition, defineListSpec, toPage } from './list-query.js';
import { readImportFile } from './spreadsheet-import.js';
import { type ExportFormat, type SpreadsheetCell, exportFormats } from './spreadsheet.js';

type AnyTable = Parameters<typeof createTableRepository>[1];
type RecordOf<R extends Resource> = z.infer<R['record']>;

export interface ResourceServiceOptions<R extends Resource, Table extends AnyTable> {
  resource: R;
  repository: TableRepository<Table>;
  table: Table;
  /** The database column each list column reads (types and bounds come from the contract). */
  columns: { [Name in keyof R['columns']]: AnyPgColumn };
  dicts: DictService;
  /** The record scope (tenant, station hierarchy); none for system tables that the permission alone guards. */
  scope?: (auth: AuthContext) => SQL | undefined;
  /** Told after records changed, with their ids (live refresh of other consoles). */
  onChanged?: (auth: AuthContext, ids: string[]) => void;
  /** Query parameters of the list and export beyond the list columns (JeecgBoot's `keyWord`), each read into a condition. */
  extraFilters?: Record<string, (value: string, auth: AuthContext) => SQL>;
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
  const scope = (auth: AuthContext) => options.scope?.(auth);
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

  /** Refuses values that another record holds, naming each field. */
  const assertUnique = async (values: Record<string, unknown>, exceptId?: string) => {
    for (const field of uniqueFields) {
      const value = values[field];
      if (typeof value === 'string' && (await repository.taken(uniqueColumn(field), [value], exceptId)).size > 0) throw invalidField(field, taken);
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
      await assertUnique(input);
      const id = newId();
      await repository.insert([{ ...input, id, createBy: auth.username } as never]);
      options.onChanged?.(auth, [id]);
      return id;
    },

    async edit(auth: AuthContext, input: z.infer<NonNullable<R['edit']>>): Promise<void> {
      const { id, ...changes } = input as { id: string } & Record<string, unknown>;
      // Outside the scope is "not found", before anything about the values is said.
      if ((await repository.byIds([id], scope(auth))).length === 0) throw notFound('Record');
      await assertUnique(changes, id);
      await repository.update(id, { ...changes, updateBy: auth.username, updateTime: new Date() } as never, scope(auth));
      options.onChanged?.(auth, [id]);
    },

    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      const removed = await repository.remove([...new Set(ids)], scope(auth));
      if (removed.length === 0) throw notFound('Record');
      options.onChanged?.(auth, removed);
    },

    async isAvailable(_auth: AuthContext, field: string, value: string, exceptId?: string) {
      const isTaken = (await repository.taken(uniqueColumn(field), [value], exceptId)).size > 0;
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
      const toValues = await dictionaryValues();
      // Dictionary texts become their values before validation ("Senior" → "4").
      const rowSchema = z.preprocess((row) => {
        const values = { ...(row as Record<string, unknown>) };
        for (const [field, map] of toValues) if (values[field] !== undefined) values[field] = map.get(String(values[field]).trim().toLowerCase()) ?? String(values[field]);
        return values;
      }, addSchema);
      const result = await readImportFile(file, fileName, importColumns, rowSchema);
      if (!result.ok) throw importRefused(result.errors);
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
        const existing = await repository.taken(uniqueColumn(field), [...seen.keys()]);
        for (const [value, row] of seen) if (existing.has(value)) errors.push({ row, field, message: taken });
      }
      if (errors.length > 0) throw importRefused(errors.sort((a, b) => a.row - b.row));
      const ids = result.rows.map(() => newId());
      await repository.insert(result.rows.map((row, index) => ({ ...(row as object), id: ids[index], createBy: auth.username }) as never));
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

const importRefused = (errors: ImportError[]) =>
  new AppError(
    ServerCode.INCORRECT_PARAMETER,
    `The file was not imported: ${errors.length} problem${errors.length === 1 ? '' : 's'}, first ${errors[0] ? `row ${errors[0].row}, ${errors[0].field}: ${errors[0].message}` : ''}`,
    400,
    errors,
  );

export type ResourceService<R extends Resource> = ReturnType<typeof createResourceService<R, AnyTable>>;
