import type { ListDataRule } from '../access/data-rule-reader.js';
import {
  type ListColumnType,
  type ListColumns,
  type ListQuery,
  type ListValue,
  type Page,
  type ParsedFilter,
  type QueryRule,
  normalizeRule,
  parseFilterValue,
  parseListValue,
  reservedListParams,
  superQueryConditionSchema,
} from '@cellsight/contract';
import { type SQL, and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalidField } from '../lib/errors.js';

/**
 * The one implementation of the list contract (spec section 9) for every list endpoint.
 * A list declares which wire names may be filtered or sorted and which column each maps to;
 * anything else is refused with a 400 naming the parameter, so no client text reaches SQL except
 * as a bound value.
 */

export interface ListColumn {
  column: AnyPgColumn;
  type: ListColumnType;
  /** Allowed in `column` (sorting). Default true. */
  sortable?: boolean;
  /** Allowed as a filter parameter and in superQueryParams. Default true. */
  filterable?: boolean;
}

export interface ListSpec {
  columns: Record<string, ListColumn>;
  /** Default sort when `column` is absent: spec default is createTime descending. */
  defaultSort: { name: string; order: 'asc' | 'desc' };
  /** A unique column appended to every sort so paging is stable. */
  tieBreaker: AnyPgColumn;
}

/**
 * A list's spec from its contract columns (types, sortable, filterable) and the database column
 * each wire name reads: the types and bounds are written once, in the contract.
 */
export const defineListSpec = <Columns extends ListColumns>(
  contract: Columns,
  columns: { [Name in keyof Columns]: AnyPgColumn },
  defaultSort: { name: keyof Columns & string; order: 'asc' | 'desc' },
  tieBreaker: AnyPgColumn,
): ListSpec => ({
  columns: Object.fromEntries(Object.entries(contract).map(([name, definition]) => [name, { ...definition, column: columns[name] as AnyPgColumn }])),
  defaultSort,
  tieBreaker,
});

export interface BuiltListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  pageNo: number;
  pageSize: number;
}

/** Escapes `%`, `_` and `\` so a search text matches only itself inside a LIKE pattern. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function convertValue(name: string, type: ListColumnType, raw: string): ListValue {
  const parsed = parseListValue(type, raw);
  if ('error' in parsed) throw invalidField(name, parsed.error);
  return parsed.value;
}

function condition(name: string, spec: ListColumn, filter: ParsedFilter): SQL {
  const { column, type } = spec;
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  const first = values[0] ?? '';
  const like = (pattern: string) => {
    if (type !== 'text') throw invalidField(name, 'pattern search works on text columns only');
    return ilike(column, pattern);
  };
  switch (filter.rule) {
    case 'like':
      return like(`%${escapeLike(first)}%`);
    case 'left_like':
      return like(`%${escapeLike(first)}`);
    case 'right_like':
      return like(`${escapeLike(first)}%`);
    case 'in':
      if (values.length === 0) throw invalidField(name, 'needs at least one value');
      if (values.length > 500) throw invalidField(name, 'has too many values');
      return inArray(
        column,
        values.map((v) => convertValue(name, type, v)),
      );
    case 'eq':
      return eq(column, convertValue(name, type, first));
    case 'ne':
      return ne(column, convertValue(name, type, first));
    case 'gt':
      return gt(column, convertValue(name, type, first));
    case 'ge':
      return gte(column, convertValue(name, type, first));
    case 'lt':
      return lt(column, convertValue(name, type, first));
    case 'le':
      return lte(column, convertValue(name, type, first));
  }
}

const columnFor = (spec: ListSpec, name: string, purpose: 'filter' | 'sort'): ListColumn => {
  // Own keys only: `toString`, `constructor` or `__proto__` must not find Object.prototype's.
  const column = Object.hasOwn(spec.columns, name) ? spec.columns[name] : undefined;
  if (!column || (purpose === 'filter' && column.filterable === false) || (purpose === 'sort' && column.sortable === false)) {
    const allowed = Object.entries(spec.columns)
      .filter(([, c]) => (purpose === 'filter' ? c.filterable !== false : c.sortable !== false))
      .map(([n]) => n)
      .join(', ');
    throw invalidField(purpose === 'sort' ? 'column' : name, `cannot ${purpose} by "${name}"; allowed: ${allowed}`);
  }
  return column;
};

/** Date-only range ends cover the whole day. */
const rangeBound = (raw: string, end: boolean): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T${end ? '23:59:59.999' : '00:00:00'}Z` : raw;

function parseSuperQuery(raw: string): unknown {
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next form: the console URL-encodes the JSON once more
    }
  }
  throw invalidField('superQueryParams', 'must be a JSON array of {field, rule, val}');
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function superQuery(spec: ListSpec, raw: string, matchTypeRaw: string | undefined): SQL | undefined {
  const matchType = (matchTypeRaw ?? 'and').toLowerCase();
  if (matchType !== 'and' && matchType !== 'or') throw invalidField('superQueryMatchType', 'must be "and" or "or"');
  const parsed = parseSuperQuery(raw);
  if (!Array.isArray(parsed)) throw invalidField('superQueryParams', 'must be a JSON array of {field, rule, val}');
  if (parsed.length > 50) throw invalidField('superQueryParams', 'has more than 50 conditions');
  const parts: SQL[] = [];
  parsed.forEach((item, index) => {
    const result = superQueryConditionSchema.safeParse(item);
    if (!result.success) throw invalidField(`superQueryParams[${index}]`, 'must be {field, rule, val}');
    const { field, rule, val } = result.data;
    if (!field || !rule || val === '') return; // empty rows are skipped, as the console expects
    const normalized: QueryRule | undefined = normalizeRule(rule);
    if (!normalized) throw invalidField(`superQueryParams[${index}].rule`, `unknown rule "${rule}"`);
    const column = columnFor(spec, field, 'filter');
    const value = normalized === 'in' ? val.split(',').map((v) => v.trim()).filter(Boolean) : val;
    parts.push(condition(field, column, { rule: normalized, value }));
  });
  if (parts.length === 0) return undefined;
  return matchType === 'or' ? or(...parts) : and(...parts);
}

/** Turns the list query into a WHERE, ORDER BY and page window; refuses anything not declared. */
export function buildListQuery(query: ListQuery, spec: ListSpec, extra: (SQL | undefined)[] = []): BuiltListQuery {
  const conditions: (SQL | undefined)[] = [...extra];
  for (const [key, rawValue] of Object.entries(query)) {
    if (reservedListParams.has(key) || rawValue === undefined) continue;
    const raw = Array.isArray(rawValue) ? rawValue.join(',') : String(rawValue);
    if (raw.trim() === '') continue;
    const range = /^(.+)_(begin|end)$/.exec(key);
    if (range?.[1] && range[2] && !Object.hasOwn(spec.columns, key)) {
      const name = range[1];
      const column = columnFor(spec, name, 'filter');
      const isEnd = range[2] === 'end';
      const bound = convertValue(key, column.type, column.type === 'date' ? rangeBound(raw.trim(), isEnd) : raw.trim());
      conditions.push(isEnd ? lte(column.column, bound) : gte(column.column, bound));
      continue;
    }
    const column = columnFor(spec, key, 'filter');
    conditions.push(condition(key, column, parseFilterValue(raw)));
  }
  if (query.superQueryParams) conditions.push(superQuery(spec, query.superQueryParams, query.superQueryMatchType));

  const orderBy: SQL[] = [];
  const ascending = query.order ? query.order.toLowerCase().includes('asc') : spec.defaultSort.order === 'asc';
  const sortNames = query.column
    ? query.column
        .split(',')
        .map((c) => c.trim().replace(/_dictText$/, ''))
        .filter(Boolean)
    : [spec.defaultSort.name];
  for (const name of sortNames) {
    const column = columnFor(spec, name, 'sort').column;
    orderBy.push(query.column ? (ascending ? asc(column) : desc(column)) : spec.defaultSort.order === 'asc' ? asc(column) : desc(column));
  }
  orderBy.push(asc(spec.tieBreaker));

  const active = conditions.filter((c): c is SQL => c !== undefined);
  return {
    where: active.length > 0 ? and(...active) : undefined,
    orderBy,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Wraps records into the page shape the console reads. */
export const toPage = <T>(records: T[], total: number, built: Pick<BuiltListQuery, 'pageNo' | 'pageSize'>): Page<T> => ({
  records,
  total,
  size: built.pageSize,
  current: built.pageNo,
  pages: Math.ceil(total / built.pageSize),
});

/** `count(*)` as a number on both drivers. */
export const countAll = sql<number>`cast(count(*) as integer)`;


const ruleOperators: Record<string, QueryRule> = { '=': 'eq', '!=': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le', IN: 'in', LIKE: 'like', LEFT_LIKE: 'left_like', RIGHT_LIKE: 'right_like' };

/** Fails closed: a rule this list cannot apply hides every row rather than showing more than the rule allows. */
const noRows = sql`false`;

/**
 * The condition of a caller's data rules on a list (all of them must hold, as in JeecgBoot), each a
 * bound value on a declared filterable column. A rule whose column the list does not have (the screen
 * changed since it was written), whose operator is unknown or whose value does not fit the column's
 * type matches no row.
 */
export function dataRuleCondition(rules: readonly ListDataRule[], spec: ListSpec): SQL | undefined {
  if (rules.length === 0) return undefined;
  const parts = rules.map((rule) => {
    const column = Object.hasOwn(spec.columns, rule.column) ? spec.columns[rule.column] : undefined;
    const operator = Object.hasOwn(ruleOperators, rule.operator) ? ruleOperators[rule.operator] : undefined;
    if (!column || column.filterable === false || !operator) return noRows;
    const value =
      operator === 'in'
        ? rule.value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : rule.value;
    try {
      return condition(rule.column, column, { rule: operator, value });
    } catch {
      return noRows;
    }
  });
  return and(...parts);
}
