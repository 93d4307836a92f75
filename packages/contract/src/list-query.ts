import { z } from 'zod';
import { isStorableText, text } from './text.js';
import { limits } from './validation.js';

/**
 * The list contract of spec section 9, used by every list endpoint:
 * `pageNo`, `pageSize`, `column`, `order`, `field`, `superQueryParams`, `superQueryMatchType`, plus
 * one query parameter per filterable column whose value carries the rule (`*x*` like, `x*`
 * right_like, `*x` left_like, `a,b` in, `!x` ne, `>= 10` / `ge 10` comparisons, else eq), and
 * `<column>_begin` / `<column>_end` ranges.
 */
export const queryRules = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type QueryRule = (typeof queryRules)[number];


/** Symbols the advanced-query builder may send instead of rule names. */
const ruleSymbols: Record<string, QueryRule> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};

export const normalizeRule = (rule: string): QueryRule | undefined => {
  const lower = rule.trim().toLowerCase();
  if ((queryRules as readonly string[]).includes(lower)) return lower as QueryRule;
  // Own keys only: 'constructor' or '__proto__' must not read Object.prototype.
  return Object.hasOwn(ruleSymbols, lower) ? ruleSymbols[lower] : undefined;
};

/**
 * What a list column holds, with the bounds a filter value must keep: the database column's own
 * range, so a value it cannot hold is a 400 naming the parameter, never a failed query.
 */
export const listColumnTypes = ['text', 'smallint', 'integer', 'number', 'date', 'boolean'] as const;
export type ListColumnType = (typeof listColumnTypes)[number];

const integerRange = { smallint: [-32_768, 32_767], integer: [-2_147_483_648, 2_147_483_647] } as const;
/** YYYY-MM-DD, optionally with a time (space or T), seconds, milliseconds and an offset. */
const dateValue = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export type ListValue = string | number | boolean | Date;

/** One column of a list endpoint: what it holds (its filter bounds) and whether it sorts and filters. */
export interface ListColumnDefinition {
  type: ListColumnType;
  /** Allowed in `column`. Default true. */
  sortable?: boolean;
  /** Allowed as a filter parameter, a range and in superQueryParams. Default true. */
  filterable?: boolean;
}

/** The filterable and sortable wire names of a list, defined once here for server and web. */
export type ListColumns = Record<string, ListColumnDefinition>;

/** Reads one filter value of a column; a message saying what is wrong when it does not fit. */
export const parseListValue = (type: ListColumnType, raw: string): { value: ListValue } | { error: string } => {
  const value = raw.trim();
  switch (type) {
    case 'text':
      return isStorableText(raw) ? { value: raw } : { error: 'must not contain NUL characters' };
    case 'boolean': {
      const lower = value.toLowerCase();
      if (lower === 'true' || lower === '1') return { value: true };
      if (lower === 'false' || lower === '0') return { value: false };
      return { error: `"${raw}" is not true or false` };
    }
    case 'smallint':
    case 'integer': {
      const [min, max] = integerRange[type];
      const n = Number(value);
      if (value === '' || !Number.isInteger(n) || n < min || n > max) return { error: `"${raw}" is not a whole number from ${min} to ${max}` };
      return { value: n };
    }
    case 'number': {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n)) return { error: `"${raw}" is not a number` };
      return { value: n };
    }
    case 'date': {
      const parts = dateValue.exec(value);
      const date = parts ? new Date(parts[4] === undefined ? `${value}T00:00:00Z` : value.replace(' ', 'T')) : null;
      // Four-digit years only: PostgreSQL and the wire format (ISO 8601) agree on nothing wider.
      if (!parts || !date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1000 || date.getUTCFullYear() > 9999) {
        return { error: `"${raw}" is not a date (YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)` };
      }
      return { value: date };
    }
  }
};

export interface ParsedFilter {
  rule: QueryRule;
  /** One value, or several for `in`. */
  value: string | string[];
}

const operatorPrefix = /^(>=|<=|!=|>|<|=|gt|ge|lt|le|eq|ne)\s+(.+)$/;

/**
 * Reads the rule a plain filter value carries (JeecgBoot's QueryGenerator conventions).
 * Order: operator + space, `*` patterns, comma list, `!` prefix, else equality.
 */
export const parseFilterValue = (raw: string): ParsedFilter => {
  const value = raw.trim();
  const op = operatorPrefix.exec(value);
  if (op?.[1] && op[2] !== undefined) {
    const rule = normalizeRule(op[1]);
    if (rule) return { rule, value: op[2].trim() };
  }
  if (value.length > 2 && value.startsWith('*') && value.endsWith('*')) return { rule: 'like', value: value.slice(1, -1) };
  if (value.length > 1 && value.startsWith('*')) return { rule: 'left_like', value: value.slice(1) };
  if (value.length > 1 && value.endsWith('*')) return { rule: 'right_like', value: value.slice(0, -1) };
  if (value.includes(',')) {
    return {
      rule: 'in',
      value: value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    };
  }
  if (value.length > 1 && value.startsWith('!')) return { rule: 'ne', value: value.slice(1) };
  return { rule: 'eq', value };
};

/** Builds the wire value for a search input of a given kind (the inverse of `parseFilterValue`). */
export const formatFilterValue = (rule: QueryRule, value: string): string => {
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'left_like':
      return `*${value}`;
    case 'right_like':
      return `${value}*`;
    case 'ne':
      return `!${value}`;
    case 'gt':
      return `gt ${value}`;
    case 'ge':
      return `ge ${value}`;
    case 'lt':
      return `lt ${value}`;
    case 'le':
      return `le ${value}`;
    case 'in':
    case 'eq':
      return value;
  }
};

export const superQueryConditionSchema = z.object({
  field: text().trim().max(64),
  rule: text().trim().max(16),
  val: z.union([text().max(1000), z.number(), z.boolean()]).transform(String),
  type: text().max(32).optional(),
});
export type SuperQueryCondition = z.infer<typeof superQueryConditionSchema>;

const intFromQuery = (name: string, min: number, max: number, fallback: number) =>
  z
    .union([text(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** The reserved list parameters; every other query parameter is a column filter. */
export const listQuerySchema = z
  .object({
    pageNo: intFromQuery('pageNo', 1, 1_000_000, 1),
    pageSize: intFromQuery('pageSize', 1, limits.pageSizeMax, limits.pageSizeDefault),
    column: text().trim().max(200).optional(),
    order: text().trim().max(10).optional(),
    field: text().max(2000).optional(),
    superQueryParams: text().max(20_000).optional(),
    superQueryMatchType: text().trim().max(3).optional(),
    /** Exports only: the ids of the selected rows, comma-joined; the export then holds just those. */
    selections: text().max(20_000).optional(),
    _t: text().optional(),
  })
  .catchall(z.union([text().max(1000), z.array(text().max(1000)).max(50)]));
export type ListQuery = z.output<typeof listQuerySchema>;

/**
 * The reserved list parameters. `delFlag` too: JeecgBoot's own console sends it with lists whose
 * records have no such column (dictionary items), where JeecgBoot ignores it; records in a recycle
 * bin are never listed here (the bin has its own call), so it filters nothing.
 */
export const reservedListParams = new Set(['pageNo', 'pageSize', 'column', 'order', 'field', 'superQueryParams', 'superQueryMatchType', 'selections', '_t', 'delFlag']);

/** Most rows one spreadsheet export holds; a larger export asks for a narrower filter. */
export const exportRowsMax = 10_000;

/** A page of records (MyBatis-Plus `Page` wire shape; the client reads `records` and `total`). */
export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
