import { describe, expect, it } from 'vitest';
import { createLoggerRateLimit } from './logger-rate-limit.js';

const clock = () => {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
};

const takeMany = (limit: ReturnType<typeof createLoggerRateLimit>, gsn: string, count: number) =>
  Array.from({ length: count }, () => limit.take(gsn));

describe('logger rate limit', () => {
  it('lets a burst through, then only the sustained rate', () => {
    const time = clock();
    const limit = createLoggerRateLimit({ messagesPerMinute: 60, burst: 10, now: time.now });
    expect(takeMany(limit, 'L1', 10).every((v) => v.allowed)).toBe(true);
    expect(limit.take('L1').allowed).toBe(false);
    time.advance(1_000); // one message a second comes back
    expect(limit.take('L1').allowed).toBe(true);
    expect(limit.take('L1').allowed).toBe(false);
    time.advance(5_000);
    expect(takeMany(limit, 'L1', 6).filter((v) => v.allowed)).toHaveLength(5);
  });

  it('keeps every logger to its own budget', () => {
    const time = clock();
    const limit = createLoggerRateLimit({ messagesPerMinute: 60, burst: 5, now: time.now });
    takeMany(limit, 'FLOOD', 100);
    expect(takeMany(limit, 'QUIET', 5).every((v) => v.allowed)).toBe(true);
  });

  it('reports a flooding logger once per window, with what it dropped since the last report', () => {
    const time = clock();
    const limit = createLoggerRateLimit({ messagesPerMinute: 60, burst: 100, reportEveryMs: 60_000, now: time.now });
    const first = takeMany(limit, 'L1', 150);
    expect(first.filter((v) => v.allowed)).toHaveLength(100);
    expect(first.filter((v) => v.report)).toEqual([{ allowed: false, report: { dropped: 1 } }]);
    time.advance(30_000);
    // 30 tokens came back: 30 of the next 100 pass, 70 are dropped, none reported within the window.
    const second = takeMany(limit, 'L1', 100);
    expect(second.filter((v) => v.allowed)).toHaveLength(30);
    expect(second.some((v) => v.report)).toBe(false);
    time.advance(30_000);
    const third = takeMany(limit, 'L1', 31);
    // 49 + 70 dropped since the first report, then this one.
    expect(third.filter((v) => v.report).map((v) => v.report?.dropped)).toEqual([49 + 70 + 1]);
  });

  it('forgets loggers that went quiet, and holds no more than its maximum', () => {
    const time = clock();
    const limit = createLoggerRateLimit({ messagesPerMinute: 60, burst: 10, maxLoggers: 3, reportEveryMs: 60_000, now: time.now });
    for (const gsn of ['A', 'B', 'C', 'D']) limit.take(gsn);
    expect(limit.tracked()).toBe(3);
    time.advance(61_000);
    limit.take('E');
    // A minute refilled the others' buckets: they are forgotten, only E is held.
    expect(limit.tracked()).toBe(1);
  });

  it('forgets the least recently heard logger when full, not a flooding one', () => {
    const time = clock();
    const limit = createLoggerRateLimit({ messagesPerMinute: 60, burst: 3, maxLoggers: 2, now: time.now });
    takeMany(limit, 'FLOOD', 3);
    limit.take('OTHER');
    limit.take('FLOOD'); // heard again: OTHER is now the oldest
    expect(limit.take('FLOOD').allowed).toBe(false);
    limit.take('NEW');
    expect(limit.take('FLOOD').allowed).toBe(false);
  });

  it('lets everything through with a budget of 0', () => {
    const limit = createLoggerRateLimit({ messagesPerMinute: 0, burst: 1 });
    expect(takeMany(limit, 'L1', 1000).every((v) => v.allowed)).toBe(true);
    expect(limit.tracked()).toBe(0);
  });
});
