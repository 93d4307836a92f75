import type { ServerEventMap } from '@cellsight/contract';
import type { SessionRepository } from './session.repository.js';

/** Why sessions end, as their consoles are told. */
export type SessionEndReason = ServerEventMap['session.revoked']['reason'];

/**
 * The sessions as every module uses them (`app.sessions`, built once by the auth plugin): the
 * session repository's reads and writes, and the one way to end the sessions of users.
 */
export const createSessions = (repository: SessionRepository, ended: (sessionIds: string[], reason: SessionEndReason) => void) => ({
  ...repository,
  /** Ends every session of each user (they sign in again with what they still hold) and tells their consoles why. */
  async endSessionsOf(userIds: readonly string[], reason: SessionEndReason): Promise<void> {
    for (const id of userIds) ended(await repository.revokeAllForUser(id), reason);
  },
});

export type Sessions = ReturnType<typeof createSessions>;
