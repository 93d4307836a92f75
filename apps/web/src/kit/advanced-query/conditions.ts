import { type QueryRule, type SuperQueryCondition, normalizeRule, queryRules, superQueryConditionSchema } from '@cellsight/contract';
import { z } from 'zod';
import type { AdvancedQueryField, AdvancedQueryValue, ConditionRow, MatchType } from './types';

/** Pattern rules: the server allows them on text columns only. */
const patternRules = new Set<QueryRule>(['like', 'left_like', 'right_like']);
/** A choice (dictionary items, yes/no) is only ever equal to a value or not. */
const choiceRules = new Set<QueryRule>(['eq', 'ne', 'in']);

/** Whether a field's value is picked from a list rather than typed. */
export const isChoice = (field: AdvancedQueryField): boolean => field.options !== undefined || field.type === 'boolean';

/** The rules a field offers, in the contract's order. */
export const rulesFor = (field: AdvancedQueryField | undefined): QueryRule[] => {
  if (!field) return [...queryRules];
  if (isChoice(field)) return queryRules.filter((rule) => choiceRules.has(rule));
  return field.type === 'text' ? [...queryRules] : queryRules.filter((rule) => !patternRules.has(rule));
};

// Rows only need keys that are unique while the page lives.
let lastRowId = 0;
export const newRow = (init: Omit<ConditionRow, 'id'> = { rule: 'eq', values: [] }): ConditionRow => ({ id: ++lastRowId, ...init });

/** A new field keeps the rule when it still fits, and drops the value: it was typed for the old field. */
export const withField = (row: ConditionRow, field: AdvancedQueryField | undefined): ConditionRow => ({
  ...row,
  field: field?.name,
  rule: row.rule && rulesFor(field).includes(row.rule) ? row.rule : 'eq',
  values: [],
});

/** Leaving 'in' keeps its first value. */
export const withRule = (row: ConditionRow, rule: QueryRule | undefined): ConditionRow => ({
  ...row,
  rule,
  values: rule === 'in' ? row.values : row.values.slice(0, 1),
});

const filledValues = (row: ConditionRow): string[] => row.values.map((value) => value.trim()).filter((value) => value !== '');

/** A row the server can use: it has a field, a rule and a value. */
export const isComplete = (row: ConditionRow): boolean => Boolean(row.field && row.rule && filledValues(row).length > 0);

/** The wire conditions of complete rows; 'in' values are comma-joined, as the server splits them. */
export const toConditions = (rows: ConditionRow[], fields: AdvancedQueryField[]): SuperQueryCondition[] =>
  rows.filter(isComplete).map((row) => ({
    field: row.field ?? '',
    rule: row.rule ?? 'eq',
    val: filledValues(row).join(','),
    type: fields.find((field) => field.name === row.field)?.type,
  }));

export const toValue = (rows: ConditionRow[], matchType: MatchType, fields: AdvancedQueryField[]): AdvancedQueryValue => ({
  superQueryParams: JSON.stringify(toConditions(rows, fields)),
  superQueryMatchType: matchType,
});

const conditionsSchema = z.array(superQueryConditionSchema);

/**
 * Rows from wire conditions (a saved query, or the query in force, which may come from a copied
 * link): anything unreadable, or a field this screen does not offer, is left out.
 */
export const rowsFromConditions = (records: unknown, fields: AdvancedQueryField[]): ConditionRow[] => {
  const parsed = conditionsSchema.safeParse(records);
  if (!parsed.success) return [];
  return parsed.data.flatMap(({ field, rule, val }) => {
    const normalized = normalizeRule(rule);
    if (!normalized || !fields.some((f) => f.name === field)) return [];
    const values = normalized === 'in' ? val.split(',') : [val];
    const row = newRow({ field, rule: normalized, values: values.map((value) => value.trim()).filter((value) => value !== '') });
    return isComplete(row) ? [row] : [];
  });
};

/** The rows and match type of the query in force; none when there is no (readable) query. */
export const readValue = (value: AdvancedQueryValue | null, fields: AdvancedQueryField[]): { rows: ConditionRow[]; matchType: MatchType } => {
  if (!value) return { rows: [], matchType: 'and' };
  let records: unknown;
  try {
    records = JSON.parse(value.superQueryParams);
  } catch {
    records = [];
  }
  return { rows: rowsFromConditions(records, fields), matchType: value.superQueryMatchType === 'or' ? 'or' : 'and' };
};
