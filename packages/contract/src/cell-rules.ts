/**
 * The rules of an editable table's cells (spec section 5, JeecgBoot's JVxeTable `validateRules`):
 * pure functions, so the console's grid checks a cell while it is typed and the server checks the
 * same rules when the rows are saved. Messages come as an i18n key (`validation:cell.<key>`, the
 * console says it in its language) and as English text (the server's answer).
 */

/** The named patterns a column's rule may give by name, each with its own message. */
export const cellPatterns = {
  'n6-16': /^\d{6,16}$/,
  '*6-16': /^.{6,16}$/s,
  's6-18': /^[A-Za-z]{6,18}$/,
  url: /^(https?|ftps?):\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/,
  e: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  /** 1, then 3 to 9, then 9 digits. */
  m: /^1[3-9]\d{9}$/,
  /** Postal code: six digits, not starting 0. */
  p: /^[1-9]\d{5}$/,
  /** Letters only. */
  s: /^[A-Za-z]+$/,
  /** A number: optional minus, digits, optional decimals. */
  n: /^-?\d+(\.\d+)?$/,
  /** An integer. */
  z: /^-?\d+$/,
  /** Anything but empty. */
  '*': /^[\s\S]+$/,
  /** An amount with at most two decimals. */
  money: /^(0|[1-9]\d*)(\.\d{1,2})?$/,
} as const;
export type CellPatternName = keyof typeof cellPatterns;

/** The i18n key (under `validation:`) and English text of each rule's tooltip message. */
export const cellRuleMessages = {
  required: { key: 'cell.required', text: '{title} is required' },
  unique: { key: 'cell.unique', text: '{title} must not repeat' },
  pattern: { key: 'cell.pattern', text: '{title} is not in the expected format' },
  'n6-16': { key: 'cell.n6_16', text: 'Please enter 6 to 16 digits' },
  '*6-16': { key: 'cell.any6_16', text: 'Please enter 6 to 16 characters' },
  's6-18': { key: 'cell.s6_18', text: 'Please enter 6 to 18 letters' },
  url: { key: 'cell.url', text: 'Please enter a valid web address' },
  e: { key: 'cell.e', text: 'Please enter a valid e-mail address' },
  m: { key: 'cell.m', text: 'Please enter a valid mobile number' },
  p: { key: 'cell.p', text: 'Please enter a valid postal code' },
  s: { key: 'cell.s', text: 'Please enter letters only' },
  n: { key: 'cell.n', text: 'Please enter a number' },
  z: { key: 'cell.z', text: 'Please enter an integer' },
  '*': { key: 'cell.any', text: 'This field must not be empty' },
  money: { key: 'cell.money', text: 'Please enter an amount with at most two decimals' },
} as const satisfies Record<string, { key: string; text: string }>;

/** A failing rule's message: its key and words for the console, its English text for the server. */
export interface CellMessage {
  key: string;
  /** Values for the placeholders (`title`, `value`). */
  values: Record<string, string>;
  /** English, placeholders filled. */
  text: string;
}

export interface CellRuleContext<Row = Record<string, unknown>> {
  row: Row;
  /** Every row of the table (for `unique`). */
  rows: readonly Row[];
  field: string;
  /** The column's title, for the messages that name it. */
  title: string;
}

/**
 * One rule of a column. `message` overrides the rule's own: an i18n key when the console knows it,
 * otherwise shown as given. `handler` answers a message (text) when the value fails, nothing when it passes.
 */
export interface CellRule<Row = Record<string, unknown>> {
  required?: boolean;
  unique?: boolean;
  pattern?: CellPatternName | RegExp;
  handler?: (value: unknown, context: CellRuleContext<Row>) => string | undefined | null | false;
  message?: string;
}

/** When a rule runs: as a person types, on change, on leaving the cell, or when the whole table is collected. */
export type CellRuleTrigger = 'input' | 'change' | 'blur' | 'collect';

/** Whether a cell holds nothing (empty text, empty list, null). */
export const isEmptyCell = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

const cellText = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

const messageOf = (rule: CellRule<never>, fallback: keyof typeof cellRuleMessages, values: Record<string, string>): CellMessage => {
  if (rule.message) return { key: rule.message, values, text: fill(rule.message, values) };
  const { key, text } = cellRuleMessages[fallback];
  return { key, values, text: fill(text, values) };
};

/**
 * The first rule of a cell that its value fails, or nothing. A value that is empty passes every
 * rule but `required` (and the `*` pattern). `unique` fails when the value occurs in two or more rows.
 */
export const checkCell = <Row extends Record<string, unknown>>(value: unknown, rules: readonly CellRule<Row>[], context: CellRuleContext<Row>): CellMessage | undefined => {
  const values = { title: context.title, value: isEmptyCell(value) ? '' : cellText(value) };
  const empty = isEmptyCell(value);
  for (const rule of rules) {
    if (rule.required && empty) return messageOf(rule as CellRule<never>, 'required', values);
    if (rule.pattern === '*' && empty) return messageOf(rule as CellRule<never>, '*', values);
    if (empty) continue;
    if (rule.unique) {
      const text = cellText(value);
      const count = context.rows.filter((other) => !isEmptyCell(other[context.field]) && cellText(other[context.field]) === text).length;
      if (count >= 2) return messageOf(rule as CellRule<never>, 'unique', values);
    }
    if (rule.pattern !== undefined) {
      const pattern = typeof rule.pattern === 'string' ? cellPatterns[rule.pattern] : rule.pattern;
      if (!pattern.test(cellText(value))) return messageOf(rule as CellRule<never>, typeof rule.pattern === 'string' ? rule.pattern : 'pattern', values);
    }
    if (rule.handler) {
      const failure = rule.handler(value, context);
      if (failure) return { key: failure, values, text: fill(failure, values) };
    }
  }
  return undefined;
};

export interface RowRuleFailure {
  /** The row's position among the rows checked. */
  index: number;
  field: string;
  message: CellMessage;
}

/** Every failing cell of the rows, column by column in the order given (the table's "collection" check). */
export const checkRows = <Row extends Record<string, unknown>>(
  rows: readonly Row[],
  columns: readonly { key: string; title: string; rules: readonly CellRule<Row>[] }[],
): RowRuleFailure[] => {
  const failures: RowRuleFailure[] = [];
  rows.forEach((row, index) => {
    for (const column of columns) {
      const message = checkCell(row[column.key], column.rules, { row, rows, field: column.key, title: column.title });
      if (message) failures.push({ index, field: column.key, message });
    }
  });
  return failures;
};

/**
 * The number input (spec section 5): optional minus, digits and one decimal point are accepted
 * as typed; anything else keeps the previous text.
 */
export const acceptNumberInput = (typed: string, previous: string): string => (/^-?\d*\.?\d*$/.test(typed) ? typed : previous);

/** The number input on leaving the cell: a number, or empty (`''`) when it holds none. */
export const numberOnBlur = (typed: string): number | '' => {
  const number = Number.parseFloat(typed);
  return Number.isFinite(number) ? number : '';
};

/** Tags text cells (spec section 5): semicolons stripped, then one after every two characters. */
export const tagsText = (typed: string): string => {
  const plain = typed.replace(/;/g, '');
  return plain.replace(/(.{2})/gs, '$1;');
};

/** Add and insert clicked faster than this warn instead of adding (spec section 5). */
export const fastClickMs = { add: 300, insert: 1500 } as const;

/** UI constants of the editable table (spec section 9). */
export const gridSizes = {
  rowHeight: 61,
  maxHeight: 400,
  textareaPopup: { width: 300, height: 210 },
  multiSelectMaxTags: 1,
  dateMinWidth: 135,
  selectorMinWidth: 190,
  rowNumberWidth: 60,
  checkboxWidth: 40,
  checkboxWidthWithStatistics: 60,
  dropdownMaxHeight: 400,
  /** How long a cell whose value changed from outside stays highlighted. */
  reloadEffectMs: 1400,
} as const;
