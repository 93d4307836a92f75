import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveReadings } from './live-readings.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('live readings', () => {
  it('tells each room once per interval, naming each logger once with its newest sample time', () => {
    vi.useFakeTimers();
    const sent: [string, { gsn: string; ts: number }[]][] = [];
    const live = createLiveReadings({ intervalMs: 500, send: (room, loggers) => sent.push([room, loggers]) });
    live.add(['admin:1', 'user:a'], 'GW1', 1000);
    live.add(['admin:1', 'user:a'], 'GW1', 3000);
    // An older message committed later does not move the time back.
    live.add(['admin:1', 'user:a'], 'GW1', 2000);
    live.add(['admin:1'], 'GW2', 1500);
    expect(sent).toEqual([]);

    vi.advanceTimersByTime(500);
    expect(sent).toEqual([
      ['admin:1', [{ gsn: 'GW1', ts: 3000 }, { gsn: 'GW2', ts: 1500 }]],
      ['user:a', [{ gsn: 'GW1', ts: 3000 }]],
    ]);
    // Nothing new, nothing sent.
    vi.advanceTimersByTime(1500);
    expect(sent).toHaveLength(2);
    live.add(['user:a'], 'GW1', 4000);
    vi.advanceTimersByTime(500);
    expect(sent.at(-1)).toEqual(['user:a', [{ gsn: 'GW1', ts: 4000 }]]);
    live.close();
  });
});
