import { describe, expect, it } from 'vitest';
import { batteryRangeHistoryQuerySchema, downsampleMinMax, historyPointsMax } from './history.js';

interface Point {
  t: number;
  power: number;
  soc: number;
}

/** A year of minute readings: a gentle wave, with one spike and one dip somewhere in the middle. */
const yearOfMinutes = (): Point[] =>
  Array.from({ length: 525_600 }, (_, t) => ({ t, power: Math.sin(t / 500) * 10, soc: 50 + Math.cos(t / 9000) * 20 }));

describe('downsampleMinMax', () => {
  it('keeps at most the limit, in order, with the first and last point', () => {
    const points = yearOfMinutes();
    const thinned = downsampleMinMax(points, historyPointsMax, [(p) => p.power, (p) => p.soc]);
    expect(thinned.length).toBeLessThanOrEqual(historyPointsMax);
    // Shared extremes of the two series count once, so fewer than the limit, but not a handful.
    expect(thinned.length).toBeGreaterThan(historyPointsMax / 2);
    expect(thinned[0]).toBe(points[0]);
    expect(thinned.at(-1)).toBe(points.at(-1));
    expect(thinned.every((p, i) => i === 0 || p.t > (thinned[i - 1] as Point).t)).toBe(true);
  });

  it('keeps a one-minute spike and dip of a year of minutes, in each series', () => {
    const points = yearOfMinutes();
    points[300_001] = { t: 300_001, power: 999, soc: 50 };
    points[412_345] = { t: 412_345, power: -999, soc: 50 };
    points[100_000] = { t: 100_000, power: 0, soc: 100 };
    const thinned = downsampleMinMax(points, historyPointsMax, [(p) => p.power, (p) => p.soc]);
    expect(thinned.map((p) => p.t)).toEqual(expect.arrayContaining([300_001, 412_345, 100_000]));
    expect(Math.max(...thinned.map((p) => p.power))).toBe(999);
    expect(Math.min(...thinned.map((p) => p.power))).toBe(-999);
  });

  it('answers short input as it is, and empty as empty', () => {
    const points = [{ t: 1, power: 1, soc: 1 }, { t: 2, power: 2, soc: 2 }];
    expect(downsampleMinMax(points, historyPointsMax, [(p) => p.power])).toEqual(points);
    expect(downsampleMinMax([], historyPointsMax, [(p: Point) => p.power])).toEqual([]);
  });

  it('stays within a limit too small for one slice per series, first and last kept', () => {
    const points = Array.from({ length: 50 }, (_, t) => ({ t, power: t, soc: t }));
    const thinned = downsampleMinMax(points, 4, [(p) => p.power, (p) => p.soc]);
    expect(thinned).toHaveLength(4);
    expect(thinned[0]?.t).toBe(0);
    expect(thinned.at(-1)?.t).toBe(49);
    expect(downsampleMinMax(points, 1, [(p) => p.power])).toHaveLength(1);
  });

  it('just over the limit: exactly within it, the extremes kept', () => {
    const points = Array.from({ length: 2016 }, (_, t) => ({ t, power: t === 1000 ? 50 : 1, soc: 1 }));
    const thinned = downsampleMinMax(points, historyPointsMax, [(p) => p.power]);
    expect(thinned.length).toBeLessThanOrEqual(historyPointsMax);
    expect(thinned.some((p) => p.t === 1000)).toBe(true);
  });
});

describe('the range query', () => {
  it('names begin and end when a custom range lacks them, and end when it is too long or backwards', () => {
    const fields = (query: object) => batteryRangeHistoryQuerySchema.safeParse(query).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(fields({ batterySn: 'BAT-0001', range: 'custom' })).toEqual(['begin', 'end']);
    expect(fields({ batterySn: 'BAT-0001', range: 'custom', begin: '2026-01-01', end: '2027-01-02' })).toEqual(['end']);
    expect(fields({ batterySn: 'BAT-0001', range: 'custom', begin: '2026-02-01', end: '2026-01-31' })).toEqual(['end']);
    expect(fields({ batterySn: 'BAT-0001', range: 'custom', begin: '2026-01-01', end: '2026-12-31' })).toEqual([]);
    expect(fields({ batterySn: 'BAT-0001', range: 'week' })).toEqual(['range']);
    expect(fields({ batterySn: 'BAT-0001', range: 'day', date: '2026-13-01' })).toEqual(['date']);
    expect(fields({ batterySn: 'BAT-0001', range: 'day', date: '2026-02-30' })).toEqual(['date']);
    expect(fields({ batterySn: 'BAT-0001', range: 'day', date: '0000-01-01' })).toEqual(['date']);
    expect(fields({ batterySn: 'BAT-0001', range: 'day', date: '2024-02-29' })).toEqual([]);
  });
});
