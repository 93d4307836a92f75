import { z } from 'zod';
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

export const matchTypes = ['and', 'or'] as const;
export type MatchType = (typeof matchTypes)[number];

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
  return ruleSymbols[lower];
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
  field: z.string().trim().max(64),
  rule: z.string().trim().max(16),
  val: z.union([z.string().max(1000), z.number(), z.boolean()]).transform(String),
  type: z.string().max(32).optional(),
});
export type SuperQueryCondition = z.infer<typeof superQueryConditionSchema>;

const intFromQuery = (name: string, min: number, max: number, fallback: number) =>
  z
    .union([z.string(), z.number()])
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
    column: z.string().trim().max(200).optional(),
    order: z.string().trim().max(10).optional(),
    field: z.string().max(2000).optional(),
    superQueryParams: z.string().max(20_000).optional(),
    superQueryMatchType: z.string().trim().max(3).optional(),
    /** Exports only: the ids of the selected rows, comma-joined; the export then holds just those. */
    selections: z.string().max(20_000).optional(),
    _t: z.string().optional(),
  })
  .catchall(z.union([z.string().max(1000), z.array(z.string().max(1000)).max(50)]));
export type ListQueryInput = z.input<typeof listQuerySchema>;
export type ListQuery = z.output<typeof listQuerySchema>;

export const reservedListParams = new Set(['pageNo', 'pageSize', 'column', 'order', 'field', 'superQueryParams', 'superQueryMatchType', 'selections', '_t']);

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
