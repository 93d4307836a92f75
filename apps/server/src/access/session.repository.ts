import { createHash, randomBytes } from 'node:crypto';
import { type AccountType, type Language, accountTypes } from '@cellsight/contract';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { sessions, users } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import type { AuthContext } from './auth-context.js';
import { inPlatformTenant } from './tenant-scope.js';
import { buttonCodesOf, codeSet } from './granted-permissions.js';

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
  /** Whether the user belongs to the platform's own tenant (`platformTenantId`). */
  platform: boolean;
}

/** An account type as stored; an unknown one (a row edited by hand) sees the least: an end user's own stations. */
export const accountTypeOf = (stored: string): AccountType => ((accountTypes as string[]).includes(stored) ? (stored as AccountType) : 'end_user');

/** What a session knows of its user, with the button permission codes, read in one statement. */
const userColumns = {
  userId: users.id,
  username: users.username,
  realname: users.realname,
  demo: users.demo,
  accountType: users.accountType,
  perms: buttonCodesOf(sql`${users.id}`),
  platform: inPlatformTenant(sql`${users.id}`),
};

/** A user who may act: not deleted, not frozen. */
const activeUser = and(eq(users.delFlag, 0), eq(users.status, 1));

export const createSessionRepository = (db: Database) => ({
  async create(input: { userId: string; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null }): Promise<string> {
    const id = newId();
    await db.insert(sessions).values({ id, ...input });
    return id;
  },

  /** The live session for a token hash, with its user, or null when unknown, expired, revoked, or the user is gone or frozen. */
  async findActive(tokenHash: string, now: Date): Promise<ActiveSession | null> {
    const rows = await db
      .select({ sessionId: sessions.id, ...userColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), activeUser))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const { perms, ...session } = row;
    return { ...session, permissions: codeSet(perms) };
  },

  /**
   * Who a user is outside a request (a scheduled job acting for the user who saved it): their
   * permissions as a session of theirs would have them, no tenant chosen (so all of their own), no
   * data rules; with their console language. Null when the user is unknown, deleted or frozen.
   */
  async actingAs(username: string, sessionId: string): Promise<{ auth: AuthContext; language: Language | null } | null> {
    const [row] = await db
      .select({ ...userColumns, language: users.language })
      .from(users)
      .where(and(eq(users.username, username), activeUser))
      .limit(1);
    if (!row) return null;
    const { perms, language, accountType, ...user } = row;
    return { auth: { ...user, accountType: accountTypeOf(accountType), sessionId, tenantId: 0, permissions: codeSet(perms) }, language };
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
