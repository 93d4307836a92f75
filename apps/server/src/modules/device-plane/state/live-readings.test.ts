import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReadingsByLogger, createLiveReadings, readingsFor } from './live-readings.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('live readings', () => {
  it('hands over once per interval each room\'s loggers, each once with its newest sample time', () => {
    vi.useFakeTimers();
    const flushes: ReadonlyMap<string, ReadingsByLogger>[] = [];
    const live = createLiveReadings({ intervalMs: 500, send: (byRoom) => flushes.push(byRoom) });
    live.add(['admin:1', 'user:a'], 'GW1', 1000);
    live.add(['admin:1', 'user:a'], 'GW1', 3000);
    // An older message committed later does not move the time back.
    live.add(['admin:1', 'user:a'], 'GW1', 2000);
    live.add(['admin:1'], 'GW2', 1500);
    expect(flushes).toEqual([]);

    vi.advanceTimersByTime(500);
    expect(flushes).toHaveLength(1);
    const [first] = flushes;
    expect(first && readingsFor(first, new Set(['user:a']))).toEqual([{ gsn: 'GW1', ts: 3000 }]);
    // A connection in both rooms hears each logger once.
    expect(first && readingsFor(first, new Set(['admin:1', 'user:a']))).toEqual([
      { gsn: 'GW1', ts: 3000 },
      { gsn: 'GW2', ts: 1500 },
    ]);
    expect(first && readingsFor(first, new Set(['user:b']))).toBeNull();
    // Nothing new, nothing handed over.
    vi.advanceTimersByTime(1500);
    expect(flushes).toHaveLength(1);
    live.add(['user:a'], 'GW1', 4000);
    vi.advanceTimersByTime(500);
    expect(flushes.at(-1)?.get('user:a')).toEqual(new Map([['GW1', 4000]]));
    live.close();
  });
});
