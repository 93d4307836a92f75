/** What the limiter decided about one uplink message. */
export interface RateVerdict {
  /** False: the logger is over its budget and this message is to be dropped. */
  allowed: boolean;
  /**
   * Set on the first drop of each report window: the messages dropped since the last report
   * (this one included), so a flood is logged once per window, not once per message.
   */
  report: { dropped: number } | null;
}

export interface LoggerRateLimitOptions {
  /** Sustained budget per logger; 0 turns the limit off. */
  messagesPerMinute: number;
  /** Messages a logger may send at once before the sustained rate applies (a replay after an outage). */
  burst: number;
  /** Loggers tracked at most; beyond, the least recently heard one is forgotten (it starts again with a full budget). */
  maxLoggers?: number;
  /** How often a logger that keeps flooding is reported. */
  reportEveryMs?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  /** Drops not reported yet. */
  dropped: number;
  /** When the last report of this logger was made (−∞ before the first). */
  reportedAt: number;
}

const allowed: RateVerdict = { allowed: true, report: null };

/**
 * A token bucket per logger (serial number; the embedded broker's CONNECT budget keys it by
 * address instead, logger-connect.service.ts): each uplink message takes a token; tokens come back
 * at `messagesPerMinute`, up to `burst`. A logger whose bucket is empty has its messages dropped;
 * every other logger keeps its own budget. Memory stays bounded: a bucket that has filled up again
 * is the same as a new one, so loggers that went quiet are forgotten (swept once per report
 * window), and at most `maxLoggers` are held.
 */
export const createLoggerRateLimit = (options: LoggerRateLimitOptions) => {
  const now = options.now ?? Date.now;
  const perMs = options.messagesPerMinute / 60_000;
  const burst = Math.max(1, options.burst);
  const maxLoggers = options.maxLoggers ?? 100_000;
  const reportEveryMs = options.reportEveryMs ?? 60_000;
  const enabled = options.messagesPerMinute > 0;
  // In order of the latest message (re-inserted on each): the first entry is the least recently heard.
  const buckets = new Map<string, Bucket>();
  let sweptAt = now();

  const tokensAt = (bucket: Bucket, at: number) => Math.min(burst, bucket.tokens + (at - bucket.updatedAt) * perMs);

  /** Forgets the loggers whose bucket is full again. */
  const sweep = (at: number) => {
    sweptAt = at;
    for (const [gsn, bucket] of buckets) if (tokensAt(bucket, at) >= burst) buckets.delete(gsn);
  };

  /** The bucket of `key` refilled to `at` and made the most recently heard; a new one starts full. */
  const bucketAt = (key: string, at: number): Bucket => {
    let bucket = buckets.get(key);
    if (bucket) {
      buckets.delete(key);
      bucket.tokens = tokensAt(bucket, at);
      bucket.updatedAt = at;
    } else {
      if (buckets.size >= maxLoggers) sweep(at);
      if (buckets.size >= maxLoggers) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      bucket = { tokens: burst, updatedAt: at, dropped: 0, reportedAt: Number.NEGATIVE_INFINITY };
    }
    buckets.set(key, bucket);
    return bucket;
  };

  /** Counts a drop of an empty bucket, reporting the drops at most once per window. */
  const drop = (bucket: Bucket, at: number): RateVerdict => {
    bucket.dropped++;
    if (at - bucket.reportedAt < reportEveryMs) return { allowed: false, report: null };
    const report = { dropped: bucket.dropped };
    bucket.reportedAt = at;
    bucket.dropped = 0;
    return { allowed: false, report };
  };

  return {
    /** Takes one message of `gsn` from its budget. */
    take(gsn: string): RateVerdict {
      if (!enabled) return allowed;
      const at = now();
      if (at - sweptAt >= reportEveryMs) sweep(at);
      const bucket = bucketAt(gsn, at);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return allowed;
      }
      return drop(bucket, at);
    },

    /**
     * What `take` would answer, without taking a token: for a budget charged only for what turns
     * out to count (`charge`). A refusal is counted and reported as `take`'s are.
     */
    peek(key: string): RateVerdict {
      if (!enabled) return allowed;
      const at = now();
      const held = buckets.get(key);
      if (!held || tokensAt(held, at) >= 1) return allowed;
      return drop(bucketAt(key, at), at);
    },

    /**
     * Takes a token of `key` for something `peek` let through, into debt when several came at once:
     * the key then waits until the debt is paid back at the sustained rate, so on average it never
     * gets more than its budget.
     */
    charge(key: string): void {
      if (!enabled) return;
      const at = now();
      if (at - sweptAt >= reportEveryMs) sweep(at);
      bucketAt(key, at).tokens -= 1;
    },

    /** Loggers held in memory now. */
    tracked: (): number => buckets.size,
  };
};

export type LoggerRateLimit = ReturnType<typeof createLoggerRateLimit>;
