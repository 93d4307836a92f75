import { verificationLimits } from '@cellsight/contract';
import { type LoginThrottleStore, createMemoryThrottleStore, fallingBackToMemory } from './login-throttle.js';

/** Keys the in-memory count holds at most; the longest-quiet are forgotten first. */
const maxKeys = 100_000;

/**
 * Guesses at one code from one requester address (`verificationLimits.guessesPerAddress`), in the
 * sign-in throttle's stores: this process's memory, or Redis so that every server process counts
 * the same guesses (falling back to memory while Redis fails). A count is forgotten once the code
 * it is about could no longer be used anyway.
 */
export const createGuessCounter = (options: { shared?: { store: LoginThrottleStore; onError(error: Error): void }; now?: () => number } = {}) => {
  const use = fallingBackToMemory(createMemoryThrottleStore({ forgetAfterMs: verificationLimits.codeLifetimeMs, maxEntries: maxKeys, now: options.now ?? Date.now }), options.shared);
  return {
    /** Counts one more guess and answers how many this key has made. */
    add: (key: string): Promise<number> => use((store) => store.addFailure(key)),
    forget: (key: string): Promise<void> => use((store) => store.forget(key)),
  };
};

export type GuessCounter = ReturnType<typeof createGuessCounter>;
