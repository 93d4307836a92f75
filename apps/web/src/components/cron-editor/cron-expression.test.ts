import { describe, expect, it } from 'vitest';
import { type CronState, defaultCronState, formatCron, parseCron, withPart } from './cron-expression';

const state = (expression: string): CronState => {
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new Error(`${expression} did not parse (${parsed.part})`);
  return parsed.state;
};

describe('cron expressions and the editor’s tabs', () => {
  it.each([
    // Every part's four common modes.
    ['* * * * * ?', { second: { mode: 'every' } }],
    ['0/2 * * * * ?', { second: { mode: 'increment', start: 0, step: 2 } }],
    ['5,15,45 * * * * ?', { second: { mode: 'specific', values: [5, 15, 45] } }],
    ['10-20 * * * * ?', { second: { mode: 'range', from: 10, to: 20 } }],
    ['0 3/60 * * * ?', { minute: { mode: 'increment', start: 3, step: 60 } }],
    ['0 0 8-18 * * ?', { hour: { mode: 'range', from: 8, to: 18 } }],
    ['0 0 0 1,15 * ?', { day: { mode: 'specific', values: [1, 15] } }],
    ['0 0 0 1/3 * ?', { day: { mode: 'increment', start: 1, step: 3 } }],
    ['0 0 0 5-10 * ?', { day: { mode: 'range', from: 5, to: 10 } }],
    ['0 0 0 * 2/2 ?', { month: { mode: 'increment', start: 2, step: 2 } }],
    ['0 0 0 * 1,6,12 ?', { month: { mode: 'specific', values: [1, 6, 12] } }],
    ['0 0 0 * 3-5 ?', { month: { mode: 'range', from: 3, to: 5 } }],
    ['0 0 0 * * ? 2030', { year: { mode: 'specific', values: [2030] } }],
    ['0 0 0 * * ? 2025-2030', { year: { mode: 'range', from: 2025, to: 2030 } }],
    ['0 0 0 * * ? 2020/4', { year: { mode: 'increment', start: 2020, step: 4 } }],
    ['0 0 0 * * ? *', { year: { mode: 'every' } }],
    // The day's own modes.
    ['0 0 12 L * ?', { day: { mode: 'lastDay' } }],
    ['0 0 12 LW * ?', { day: { mode: 'lastWeekday' } }],
    ['0 0 12 L-3 * ?', { day: { mode: 'beforeEnd', days: 3 } }],
    ['0 0 12 15W * ?', { day: { mode: 'nearestWeekday', day: 15 } }],
    // The week's: weekly increment, specific weekdays, a range, last given weekday, nth weekday.
    ['0 0 12 ? * 2/2', { week: { mode: 'increment', start: 2, step: 2 }, day: { mode: 'none' } }],
    ['0 0 12 ? * 2,4,6', { week: { mode: 'specific', values: [2, 4, 6] } }],
    ['0 0 12 ? * 2-6', { week: { mode: 'range', from: 2, to: 6 } }],
    ['0 0 12 ? * 6L', { week: { mode: 'lastOf', weekday: 6 } }],
    ['0 0 12 ? * 2#3', { week: { mode: 'nth', weekday: 2, nth: 3 } }],
    ['0 0 12 ? * *', { week: { mode: 'every' } }],
  ])('%s reads into its tabs and writes back the same', (expression, expected) => {
    const parsed = state(expression);
    expect(parsed).toMatchObject(expected);
    expect(formatCron(parsed)).toBe(expression);
  });

  it('reads weekday and month names and `*/n`, and writes them as numbers', () => {
    expect(formatCron(state('0 0 12 ? JAN MON-FRI'))).toBe('0 0 12 ? 1 2-6');
    expect(formatCron(state('*/10 * * * * ?'))).toBe('0/10 * * * * ?');
  });

  it('leaves out what the tabs cannot show, naming the part', () => {
    expect(parseCron('0 0 25 * * ?')).toEqual({ ok: false, part: 'hour' });
    expect(parseCron('60 * * * * ?')).toEqual({ ok: false, part: 'second' });
    expect(parseCron('0 0/61 * * * ?')).toEqual({ ok: false, part: 'minute' });
    expect(parseCron('0 0 0 32 * ?')).toEqual({ ok: false, part: 'day' });
    expect(parseCron('0 0 0 ? * 8')).toEqual({ ok: false, part: 'week' });
    expect(parseCron('0 0 0 ? * 2#6')).toEqual({ ok: false, part: 'week' });
    expect(parseCron('0 0 0 * * ? 2018')).toEqual({ ok: false, part: 'year' });
    expect(parseCron('0 0 0 * * ? 2120')).toEqual({ ok: false, part: 'year' });
    expect(parseCron('1-5,10 * * * * ?')).toEqual({ ok: false, part: 'second' });
    expect(parseCron('* * * * *')).toEqual({ ok: false, part: null });
    // Quartz wants `?` in exactly one of day and week.
    expect(parseCron('0 0 0 1 * 2')).toEqual({ ok: false, part: null });
    expect(parseCron('0 0 0 ? * ?')).toEqual({ ok: false, part: null });
  });

  it('keeps day and week exclusive, as Quartz does', () => {
    const start = defaultCronState();
    expect(formatCron(start)).toBe('* * * * * ?');
    const weekly = withPart(start, 'week', { mode: 'specific', values: [2, 6] });
    expect(formatCron(weekly)).toBe('* * * ? * 2,6');
    const monthly = withPart(weekly, 'day', { mode: 'lastDay' });
    expect(formatCron(monthly)).toBe('* * * L * ?');
    // `?` in the day while the week is `?` too: the week takes every day.
    expect(formatCron(withPart(monthly, 'day', { mode: 'none' }))).toBe('* * * ? * *');
    expect(formatCron(withPart(weekly, 'week', { mode: 'none' }))).toBe('* * * * * ?');
  });
});
