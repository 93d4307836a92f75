import type { ReportFieldType, ReportItem } from '@cellsight/contract';
import { invalidField } from '../../lib/errors.js';

/**
 * Building a report's statements: the administrator's SQL wrapped as a subquery, every value (its
 * `${name}` parameters, search values, paging) a bound parameter, and only declared columns named.
 * The checks here only make refusals clear: the sandbox (read-only transaction, the report role,
 * the extended protocol) is what keeps a report from writing or reading outside its views.
 */

/** Collects bound values and answers their `$n` placeholders. */
export class Binder {
  readonly values: unknown[] = [];
  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const placeholderPattern = /'\$\{([A-Za-z_]\w*)\}'|\$\{([A-Za-z_]\w*)\}/g;

/** The `${name}` placeholders of a report's SQL, in order of first use. */
export const placeholdersOf = (sql: string): string[] => [...new Set([...sql.matchAll(placeholderPattern)].map((match) => (match[1] ?? match[2]) as string))];

/** Text with literals, quoted identifiers and comments blanked, so the checks look at SQL only. */
const codeOnly = (sql: string): string =>
  sql
    .replace(placeholderPattern, ' null ')
    .replace(/\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$/g, ' ')
    .replace(/'(?:[^']|'')*'/g, ' ')
    .replace(/"(?:[^"]|"")*"/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');

/** Refuses, naming `cgrSql`, what a report may never be: not a query, several statements, or reaching for the session. */
export function checkReportSql(sql: string): string {
  const body = sql.trim().replace(/;\s*$/, '');
  const code = codeOnly(body);
  const refuse = (message: string) => invalidField('cgrSql', message);
  if (!/^\s*(\(\s*)*(select|with|values|table)\b/i.test(code)) throw refuse('must be a query (SELECT or WITH)');
  if (code.includes(';')) throw refuse('must be one statement: ; may not separate several');
  if (/\$\d/.test(code)) throw refuse('must name its parameters ${name}, not $1');
  // Changing the session's role, tenants or timeout is refused by the database too where the server allows revoking it.
  if (/set_config/i.test(body)) throw refuse('may not call set_config');
  if (/\bu&["']/i.test(body)) throw refuse('may not use U& escapes');
  return body;
}

/** The SQL with its placeholders bound: `self_<name>`, then `<name>`, then the parameter's default, else null. */
export function bindPlaceholders(sql: string, valueOf: (name: string) => string | null, binder: Binder): string {
  const bound = new Map<string, string>();
  return sql.replace(placeholderPattern, (_whole, quoted: string | undefined, plain: string | undefined) => {
    const name = (quoted ?? plain) as string;
    let placeholder = bound.get(name);
    if (!placeholder) {
      placeholder = binder.bind(valueOf(name));
      bound.set(name, placeholder);
    }
    return placeholder;
  });
}

/** A column of the wrapped query; only declared field names (identifiers by the contract) reach here. */
export const columnRef = (fieldName: string) => `report_rows."${fieldName.replaceAll('"', '""')}"`;

const formats: Record<ReportFieldType, { pattern: RegExp; message: string } | null> = {
  String: null,
  Integer: { pattern: /^-?\d{1,18}$/, message: 'must be a whole number' },
  Double: { pattern: /^-?\d{1,18}(\.\d{1,18})?$/, message: 'must be a number' },
  Date: { pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'must be a date YYYY-MM-DD' },
  Datetime: { pattern: /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, message: 'must be a date and time YYYY-MM-DD HH:mm:ss' },
};

const checkedValue = (item: ReportItem, param: string, value: string): string => {
  const format = formats[item.fieldType];
  if (format && !format.pattern.test(value)) throw invalidField(param, format.message);
  return value;
};

/**
 * One search condition by the list rules: `!v` not equal, `>=v`, `<=v`, `>v`, `<v`, `*` as a
 * wildcard (text), a comma list for a dictionary column, else equal; group mode `<field>_begin`
 * and `<field>_end`.
 */
export function searchConditions(items: ReportItem[], query: Record<string, unknown>, binder: Binder): string[] {
  const conditions: string[] = [];
  const valueOf = (name: string): string => {
    const raw = query[name];
    return (Array.isArray(raw) ? raw.join(',') : String(raw ?? '')).trim();
  };
  for (const item of items.filter((one) => one.isSearch === 1)) {
    const column = columnRef(item.fieldName);
    if (item.searchMode === 'group') {
      const begin = valueOf(`${item.fieldName}_begin`);
      const end = valueOf(`${item.fieldName}_end`);
      if (begin) conditions.push(`${column} >= ${binder.bind(checkedValue(item, `${item.fieldName}_begin`, begin))}`);
      if (end) conditions.push(`${column} <= ${binder.bind(checkedValue(item, `${item.fieldName}_end`, end))}`);
      continue;
    }
    const value = valueOf(item.fieldName);
    if (!value) continue;
    if (item.dictCode) {
      conditions.push(`${column}::text = any(${binder.bind(value.split(',').map((one) => one.trim()))}::text[])`);
      continue;
    }
    const operator = /^(>=|<=|!|>|<)/.exec(value)?.[1];
    const operand = operator ? value.slice(operator.length).trim() : value;
    if (!operand) continue;
    const isText = item.fieldType === 'String';
    const target = isText ? `${column}::text` : column;
    if (!operator && isText && operand.includes('*')) {
      const pattern = operand.replace(/[\\%_]/g, '\\$&').replaceAll('*', '%');
      conditions.push(`${target} ilike ${binder.bind(pattern)}`);
      continue;
    }
    const sqlOperator = operator === '!' ? '<>' : (operator ?? '=');
    conditions.push(`${target} ${sqlOperator} ${binder.bind(checkedValue(item, item.fieldName, operand))}`);
  }
  return conditions;
}

/** PostgreSQL type oids as report field types (parse SQL). */
export const fieldTypeOf = (dataTypeID: number): ReportFieldType => {
  if ([20, 21, 23, 26].includes(dataTypeID)) return 'Integer';
  if ([700, 701, 1700].includes(dataTypeID)) return 'Double';
  if (dataTypeID === 1082) return 'Date';
  if ([1114, 1184].includes(dataTypeID)) return 'Datetime';
  return 'String';
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A database value as JSON carries it: dates as text, big integers as numbers where exact. */
export function wireValue(value: unknown, dataTypeID: number | undefined): unknown {
  if (value instanceof Date) {
    // A date column comes as local midnight: its own calendar day, not an instant.
    if (dataTypeID === 1082) return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
    return value.toISOString();
  }
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if ((dataTypeID === 20 || dataTypeID === 1700) && typeof value === 'string' && Number.isFinite(Number(value)) && (dataTypeID === 1700 || Number.isSafeInteger(Number(value)))) return Number(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  return value;
}
