import { limits } from '@cellsight/contract';

/** A user name and address without failures for this long start again from nothing. */
export const loginThrottleForgetMs = 24 * 3600 * 1000;

/** What the throttle remembers of one user name and address. */
export interface ThrottleEntry {
  failures: number;
  /** No further attempt is checked before this time (ms since the epoch). */
  waitUntil: number;
}

/**
 * Where failures are counted: in this process's memory, or in Redis so that every server process
 * counts the same failures (`login-throttle.repository.ts`). A pair without failures for
 * `forgetAfterMs` is forgotten.
 */
export interface LoginThrottleStore {
  read(key: string): Promise<ThrottleEntry | undefined>;
  /** Counts one more failure (atomically, when several processes count) and answers the new count. */
  addFailure(key: string): Promise<number>;
  /** Moves the wait to at least `until` (a concurrent failure that asked for longer keeps its wait). */
  extendWait(key: string, until: number): Promise<void>;
  forget(key: string): Promise<void>;
}

export interface LoginThrottleOptions {
  /** Failures after which every further attempt waits. */
  failuresBeforeWait?: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A name and address without failures for this long start again from nothing. */
  forgetAfterMs?: number;
  /** Most pairs the in-memory store remembers; the longest-quiet ones are forgotten first. */
  maxEntries?: number;
  now?: () => number;
  /**
   * Shared counting (Redis). When it fails the throttle counts in memory meanwhile, so a Redis
   * outage neither refuses sign-ins nor lifts the brake on guessing within one process.
   */
  shared?: { store: LoginThrottleStore; onError(error: Error): void };
}

/** The in-memory store: one process's own count, forgotten at restart. */
export const createMemoryThrottleStore = ({ forgetAfterMs, maxEntries, now }: { forgetAfterMs: number; maxEntries: number; now: () => number }): LoginThrottleStore => {
  // A Map keeps insertion order: re-inserting on every failure makes the first key the quietest.
  const entries = new Map<string, ThrottleEntry & { lastFailure: number }>();
  const current = (key: string) => {
    const entry = entries.get(key);
    if (entry && now() - entry.lastFailure > forgetAfterMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    read: async (key) => current(key),
    async addFailure(key) {
      const previous = current(key);
      entries.delete(key);
      const failures = (previous?.failures ?? 0) + 1;
      entries.set(key, { failures, waitUntil: previous?.waitUntil ?? 0, lastFailure: now() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return failures;
    },
    async extendWait(key, until) {
      const entry = entries.get(key);
      if (entry) entry.waitUntil = Math.max(entry.waitUntil, until);
    },
    async forget(key) {
      entries.delete(key);
    },
  };
};

/**
 * Runs each action on the shared store, or on `memory` while the shared one fails: an outage
 * neither refuses every attempt nor lifts the count within one process.
 */
export const fallingBackToMemory =
  (memory: LoginThrottleStore, shared?: { store: LoginThrottleStore; onError(error: Error): void }) =>
  async <T>(action: (store: LoginThrottleStore) => Promise<T>): Promise<T> => {
    if (!shared) return action(memory);
    try {
      return await action(shared.store);
    } catch (error) {
      shared.onError(error as Error);
      return action(memory);
    }
  };

/**
 * Slows down password guessing per user name *and* address: after a few failures each further
 * attempt from that address for that name must wait, the wait doubling with every failure. It
 * never locks an account, so a stranger elsewhere cannot keep the owner out, and it treats user
 * names that do not exist exactly like those that do, so it says nothing about which exist.
 * In memory without Redis (a restart forgives); with Redis every server process counts together.
 */
export const createLoginThrottle = (options: LoginThrottleOptions = {}) => {
  const failuresBeforeWait = options.failuresBeforeWait ?? limits.loginFailuresBeforeWait;
  const baseDelayMs = options.baseDelayMs ?? limits.loginDelayBaseMs;
  const maxDelayMs = options.maxDelayMs ?? limits.loginDelayMaxMs;
  const forgetAfterMs = options.forgetAfterMs ?? loginThrottleForgetMs;
  const now = options.now ?? Date.now;
  const use = fallingBackToMemory(createMemoryThrottleStore({ forgetAfterMs, maxEntries: options.maxEntries ?? 100_000, now }), options.shared);
  const keyOf = (username: string, address: string | null) => `${username.trim().toLowerCase()}\u0000${address ?? ''}`;

  return {
    /** Milliseconds this name and address must still wait before a password is checked (0: go ahead). */
    async waitMs(username: string, address: string | null): Promise<number> {
      const entry = await use((store) => store.read(keyOf(username, address)));
      return entry ? Math.max(0, entry.waitUntil - now()) : 0;
    },

    async failed(username: string, address: string | null): Promise<void> {
      const key = keyOf(username, address);
      await use(async (store) => {
        const failures = await store.addFailure(key);
        const over = failures - failuresBeforeWait;
        if (over >= 0) await store.extendWait(key, now() + Math.min(maxDelayMs, baseDelayMs * 2 ** over));
      });
    },

    async succeeded(username: string, address: string | null): Promise<void> {
      await use((store) => store.forget(keyOf(username, address)));
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
