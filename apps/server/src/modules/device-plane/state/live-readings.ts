/** Newest sample time per logger, of the readings stored since the last flush. */
export type ReadingsByLogger = Map<string, number>;

/**
 * Gathers the loggers whose readings were stored, per audience room, and hands them over once per
 * interval (`battery.reading`). At thousands of samples a second a browser would otherwise hear of
 * every message; this way it hears at most one event per interval, naming each logger once with its
 * newest sample time.
 */
export function createLiveReadings({ intervalMs, send }: { intervalMs: number; send: (byRoom: ReadonlyMap<string, ReadingsByLogger>) => void }) {
  let pending = new Map<string, ReadingsByLogger>();
  const flush = () => {
    if (pending.size === 0) return;
    const ready = pending;
    pending = new Map();
    send(ready);
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

/**
 * What one connection hears of a flush: the loggers of all the rooms it is in, each once with its
 * newest time (an administrator is in the tenant's room and its own), or null when none of them
 * has news.
 */
export function readingsFor(byRoom: ReadonlyMap<string, ReadingsByLogger>, rooms: ReadonlySet<string>): { gsn: string; ts: number }[] | null {
  const merged: ReadingsByLogger = new Map();
  for (const room of rooms) {
    for (const [gsn, ts] of byRoom.get(room) ?? []) if ((merged.get(gsn) ?? -Infinity) < ts) merged.set(gsn, ts);
  }
  return merged.size === 0 ? null : [...merged].map(([gsn, ts]) => ({ gsn, ts }));
}
