/**
 * Quartz cron expressions (seconds first, `?` in day or week, optional year) as the cron editor's
 * tabs hold them, and back: `parseCron` reads an expression into one mode per part, `formatCron`
 * writes the parts out again. Pure, so every mode's round trip is tested on its own.
 */

export const cronParts = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronPartName = (typeof cronParts)[number];

/** The values each part takes (spec section 5); the week counts 1 = Sunday to 7 = Saturday, as Quartz. */
export const cronBounds: Record<CronPartName, { min: number; max: number }> = {
  second: { min: 0, max: 59 },
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  day: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  week: { min: 1, max: 7 },
  year: { min: 2019, max: 2119 },
};
/** Largest step of an increment: a minute's step may be 60 (spec section 5); otherwise the part's span. */
export const stepMax = (part: CronPartName): number => (part === 'minute' ? 60 : cronBounds[part].max - cronBounds[part].min + 1);
export const nthBounds = { min: 1, max: 5 };

/** Modes every part has: 1 every, 2 increment from a start, 3 specific values, 4 a range. */
export type CommonMode =
  | { mode: 'every' }
  | { mode: 'increment'; start: number; step: number }
  | { mode: 'specific'; values: number[] }
  | { mode: 'range'; from: number; to: number };

/** The day of the month adds: none (`?`), the last day, the last weekday, days before the end, the weekday nearest a day. */
export type DayMode =
  | CommonMode
  | { mode: 'none' }
  | { mode: 'lastDay' }
  | { mode: 'lastWeekday' }
  | { mode: 'beforeEnd'; days: number }
  | { mode: 'nearestWeekday'; day: number };

/** The day of the week adds: none (`?`), the last given weekday of the month (`6L`), the nth weekday of the month (`2#3`). */
export type WeekMode = CommonMode | { mode: 'none' } | { mode: 'lastOf'; weekday: number } | { mode: 'nth'; weekday: number; nth: number };

export interface CronState {
  second: CommonMode;
  minute: CommonMode;
  hour: CommonMode;
  day: DayMode;
  month: CommonMode;
  week: WeekMode;
  /** `every` with `present: false` leaves the year out (a 6-part expression). */
  year: CommonMode & { present?: boolean };
}

/** Every second: where a new expression starts. */
export const defaultCronState = (): CronState => ({
  second: { mode: 'every' },
  minute: { mode: 'every' },
  hour: { mode: 'every' },
  day: { mode: 'every' },
  month: { mode: 'every' },
  week: { mode: 'none' },
  year: { mode: 'every', present: false },
});

const formatCommon = (mode: CommonMode): string => {
  switch (mode.mode) {
    case 'every':
      return '*';
    case 'increment':
      return `${mode.start}/${mode.step}`;
    case 'specific':
      return mode.values.length === 0 ? '*' : [...new Set(mode.values)].sort((a, b) => a - b).join(',');
    case 'range':
      return `${mode.from}-${mode.to}`;
  }
};

const formatDay = (mode: DayMode): string => {
  switch (mode.mode) {
    case 'none':
      return '?';
    case 'lastDay':
      return 'L';
    case 'lastWeekday':
      return 'LW';
    case 'beforeEnd':
      return `L-${mode.days}`;
    case 'nearestWeekday':
      return `${mode.day}W`;
    default:
      return formatCommon(mode);
  }
};

const formatWeek = (mode: WeekMode): string => {
  switch (mode.mode) {
    case 'none':
      return '?';
    case 'lastOf':
      return `${mode.weekday}L`;
    case 'nth':
      return `${mode.weekday}#${mode.nth}`;
    default:
      return formatCommon(mode);
  }
};

/** The expression of the tabs: 6 parts, or 7 when a year is chosen. */
export const formatCron = (state: CronState): string => {
  const parts = [formatCommon(state.second), formatCommon(state.minute), formatCommon(state.hour), formatDay(state.day), formatCommon(state.month), formatWeek(state.week)];
  const year = state.year;
  if (!(year.mode === 'every' && year.present === false)) parts.push(formatCommon(year));
  return parts.join(' ');
};

/**
 * Day and week exclude each other as in Quartz: choosing a day of the month sets the week to `?`,
 * choosing weekdays sets the day to `?`, and `?` in one gives the other `*` if it was `?` too.
 */
export const withPart = <Part extends CronPartName>(state: CronState, part: Part, mode: CronState[Part]): CronState => {
  const next = { ...state, [part]: mode } as CronState;
  if (part === 'day') {
    if (mode.mode === 'none' && state.week.mode === 'none') next.week = { mode: 'every' };
    if (mode.mode !== 'none') next.week = { mode: 'none' };
  }
  if (part === 'week') {
    if (mode.mode === 'none' && state.day.mode === 'none') next.day = { mode: 'every' };
    if (mode.mode !== 'none') next.day = { mode: 'none' };
  }
  return next;
};

const weekNames: Record<string, number> = { SUN: 1, MON: 2, TUE: 3, WED: 4, THU: 5, FRI: 6, SAT: 7 };
const monthNames: Record<string, number> = { JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, OCT: 10, NOV: 11, DEC: 12 };

/** A whole number within the part's bounds (names of weekdays and months too), or null. */
const numberIn = (part: CronPartName, text: string, bounds = cronBounds[part]): number | null => {
  const upper = text.toUpperCase();
  const named = part === 'week' ? weekNames[upper] : part === 'month' ? monthNames[upper] : undefined;
  const value = named ?? (/^\d{1,4}$/.test(text) ? Number(text) : Number.NaN);
  return Number.isInteger(value) && value >= bounds.min && value <= bounds.max ? value : null;
};

const parseCommon = (part: CronPartName, text: string): CommonMode | null => {
  if (text === '*') return { mode: 'every' };
  const increment = /^([^/]+)\/(\d+)$/.exec(text);
  if (increment) {
    const start = increment[1] === '*' ? cronBounds[part].min : numberIn(part, increment[1]!);
    const step = Number(increment[2]);
    return start !== null && step >= 1 && step <= stepMax(part) ? { mode: 'increment', start, step } : null;
  }
  const range = /^([^-,]+)-([^-,]+)$/.exec(text);
  if (range) {
    const from = numberIn(part, range[1]!);
    const to = numberIn(part, range[2]!);
    return from !== null && to !== null ? { mode: 'range', from, to } : null;
  }
  const values = text.split(',').map((one) => numberIn(part, one));
  return values.every((one) => one !== null) ? { mode: 'specific', values: values as number[] } : null;
};

const parseDay = (text: string): DayMode | null => {
  const upper = text.toUpperCase();
  if (upper === '?') return { mode: 'none' };
  if (upper === 'L') return { mode: 'lastDay' };
  if (upper === 'LW') return { mode: 'lastWeekday' };
  const beforeEnd = /^L-(\d{1,2})$/.exec(upper);
  if (beforeEnd) {
    const days = Number(beforeEnd[1]);
    return days >= 1 && days <= 30 ? { mode: 'beforeEnd', days } : null;
  }
  const nearest = /^(\d{1,2})W$/.exec(upper);
  if (nearest) {
    const day = numberIn('day', nearest[1]!);
    return day === null ? null : { mode: 'nearestWeekday', day };
  }
  return parseCommon('day', text);
};

const parseWeek = (text: string): WeekMode | null => {
  const upper = text.toUpperCase();
  if (upper === '?') return { mode: 'none' };
  const last = /^(\w+)L$/.exec(upper);
  if (last) {
    const weekday = numberIn('week', last[1]!);
    return weekday === null ? null : { mode: 'lastOf', weekday };
  }
  const nth = /^(\w+)#(\d)$/.exec(upper);
  if (nth) {
    const weekday = numberIn('week', nth[1]!);
    const which = numberIn('week', nth[2]!, nthBounds);
    return weekday === null || which === null ? null : { mode: 'nth', weekday, nth: which };
  }
  return parseCommon('week', text);
};

/** Why an expression cannot be shown in the tabs: the first part that is not one of their modes. */
export type CronParseResult = { ok: true; state: CronState } | { ok: false; part: CronPartName | null };

/** The tabs of an expression, or the part the tabs cannot show (null: not 6 or 7 parts, or day and week both set or both `?`). */
export const parseCron = (expression: string): CronParseResult => {
  const texts = expression.trim().split(/\s+/);
  if (texts.length < 6 || texts.length > 7) return { ok: false, part: null };
  const [second, minute, hour, day, month, week, year] = texts as [string, string, string, string, string, string, string | undefined];
  const parsed = {
    second: parseCommon('second', second),
    minute: parseCommon('minute', minute),
    hour: parseCommon('hour', hour),
    day: parseDay(day),
    month: parseCommon('month', month),
    week: parseWeek(week),
    year: year === undefined ? { mode: 'every' as const, present: false } : parseCommon('year', year),
  };
  for (const part of cronParts) if (parsed[part] === null) return { ok: false, part };
  const state = parsed as CronState;
  if ((state.day.mode === 'none') === (state.week.mode === 'none')) return { ok: false, part: null };
  return { ok: true, state };
};
