import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { buttonCodesOf, codeSet } from '../permission/permission.repository.js';

/** SHA-256 of a session token: the only form in which tokens are stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new session token: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export interface ActiveSession {
  sessionId: string;
  userId: string;
  username: string;
  realname: string;
  demo: boolean;
  accountType: string;
  /** The user's button permission codes, read in the same statement. */
  permissions: Set<string>;
}

export const createSessionRepository = (db: Database) => ({
  async create(input: { userId: string; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null }): Promise<string> {
    const id = newId();
    await db.insert(sessions).values({ id, ...input });
    return id;
  },

  /** The live session for a token hash, with its user, or null when unknown, expired, revoked, or the user is gone or frozen. */
  async findActive(tokenHash: string, now: Date): Promise<ActiveSession | null> {
    const rows = await db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        username: users.username,
        realname: users.realname,
        demo: users.demo,
        accountType: users.accountType,
        perms: buttonCodesOf(sql`${users.id}`),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.delFlag, 0), eq(users.status, 1)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const { perms, ...session } = row;
    return { ...session, permissions: codeSet(perms) };
  },

  async revoke(sessionId: string): Promise<void> {
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  /** Revokes every session of a user, except one when given; returns the revoked ids. */
  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },
});

export type SessionRepository = ReturnType<typeof createSessionRepository>;
