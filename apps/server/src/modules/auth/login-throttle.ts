import { limits } from '@cellsight/contract';

interface Entry {
  failures: number;
  /** No further attempt is checked before this time (ms since the epoch). */
  waitUntil: number;
  lastFailure: number;
}

export interface LoginThrottleOptions {
  /** Failures after which every further attempt waits. */
  failuresBeforeWait?: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A name and address without failures for this long start again from nothing. */
  forgetAfterMs?: number;
  /** Most pairs remembered; the longest-quiet ones are forgotten first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Slows down password guessing per user name *and* address: after a few failures each further
 * attempt from that address for that name must wait, the wait doubling with every failure. It
 * never locks an account, so a stranger elsewhere cannot keep the owner out, and it treats user
 * names that do not exist exactly like those that do, so it says nothing about which exist.
 * In memory: a restart forgives, and several server processes each count their own.
 */
export const createLoginThrottle = (options: LoginThrottleOptions = {}) => {
  const failuresBeforeWait = options.failuresBeforeWait ?? limits.loginFailuresBeforeWait;
  const baseDelayMs = options.baseDelayMs ?? limits.loginDelayBaseMs;
  const maxDelayMs = options.maxDelayMs ?? limits.loginDelayMaxMs;
  const forgetAfterMs = options.forgetAfterMs ?? 24 * 3600 * 1000;
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on every failure makes the first key the quietest.
  const entries = new Map<string, Entry>();
  const keyOf = (username: string, address: string | null) => `${username.trim().toLowerCase()}\u0000${address ?? ''}`;

  const current = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && now() - entry.lastFailure > forgetAfterMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    /** Milliseconds this name and address must still wait before a password is checked (0: go ahead). */
    waitMs(username: string, address: string | null): number {
      const entry = current(keyOf(username, address));
      return entry ? Math.max(0, entry.waitUntil - now()) : 0;
    },

    failed(username: string, address: string | null): void {
      const key = keyOf(username, address);
      const failures = (current(key)?.failures ?? 0) + 1;
      const over = failures - failuresBeforeWait;
      const delay = over >= 0 ? Math.min(maxDelayMs, baseDelayMs * 2 ** over) : 0;
      entries.delete(key);
      entries.set(key, { failures, waitUntil: now() + delay, lastFailure: now() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },

    succeeded(username: string, address: string | null): void {
      entries.delete(keyOf(username, address));
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
