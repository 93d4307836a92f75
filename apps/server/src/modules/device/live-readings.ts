/** One audience's share of stored readings: the newest sample time per logger. */
export type ReadingsByLogger = Map<string, number>;

/**
 * Gathers the loggers whose readings were stored, per audience room, and hands each room one
 * message per interval (`battery.reading`). At thousands of samples a second a browser would
 * otherwise hear of every message; this way it hears at most one event per interval, naming each
 * logger once with its newest sample time.
 */
export function createLiveReadings({ intervalMs, send }: { intervalMs: number; send: (room: string, loggers: { gsn: string; ts: number }[]) => void }) {
  let pending = new Map<string, ReadingsByLogger>();
  const flush = () => {
    if (pending.size === 0) return;
    const ready = pending;
    pending = new Map();
    for (const [room, readings] of ready) send(room, [...readings].map(([gsn, ts]) => ({ gsn, ts })));
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    /** The logger's readings up to `ts` are stored; every room in `rooms` hears of it at the next flush. */
    add(rooms: readonly string[], gsn: string, ts: number): void {
      for (const room of rooms) {
        let readings = pending.get(room);
        if (!readings) pending.set(room, (readings = new Map()));
        if ((readings.get(gsn) ?? -Infinity) < ts) readings.set(gsn, ts);
      }
    },
    flush,
    close(): void {
      clearInterval(timer);
      pending.clear();
    },
  };
}
