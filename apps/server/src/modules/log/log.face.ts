import type { LogRepository } from './log.repository.js';

/**
 * The log module's face: what other modules write to System → Logs (sign-ins, a user's visits to
 * the console). The door builds it once, as `app.logs`; the module's repository stays its own.
 */
export const createLogBook = (repository: LogRepository) => {
  const { add, addVisit } = repository;
  return { add, addVisit };
};

export type LogBook = ReturnType<typeof createLogBook>;
