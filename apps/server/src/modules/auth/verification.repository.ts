import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { verificationCodes } from '../../db/schema.js';
import type { Executor } from '../user/index.js';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** The verification codes: a new one, the newest of an address, how many were asked for, guesses at one, and spending one. */
export const createVerificationRepository = (db: Database) => ({
  async insert(row: typeof verificationCodes.$inferInsert): Promise<void> {
    await db.insert(verificationCodes).values(row);
  },

  /**
   * The newest code sent to an address for a purpose since `since` (only the newest counts). With
   * `account`, the newest sent for that account, else the newest stand-in (`send` without
   * delivery): either way a row that is counted against, so a refusal costs the same work whether
   * or not the account holds the address; a stand-in never hides the account's own code.
   */
  async newest(purpose: string, target: string, since: Date, account?: string | null): Promise<VerificationCodeRow | undefined> {
    const standIn = isNull(verificationCodes.userId);
    const forAccount = account === undefined ? undefined : account === null ? standIn : or(eq(verificationCodes.userId, account), standIn);
    const accountsFirst = account ? [sql`coalesce(${verificationCodes.userId} = ${account}, false) desc`] : [];
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target), gt(verificationCodes.createTime, since), forAccount))
      .orderBy(...accountsFirst, desc(verificationCodes.createTime))
      .limit(1);
    return row;
  },

  /** Codes asked for since `since`: to this address (any purpose), for this account, and from this IP. */
  async askedSince(since: Date, by: { target: string; userId: string | null; ip: string | null }): Promise<{ target: number; user: number; ip: number }> {
    const counted = async (where: ReturnType<typeof eq>) => (await db.select({ n: count() }).from(verificationCodes).where(and(where, gt(verificationCodes.createTime, since))))[0]?.n ?? 0;
    const [target, user, ip] = await Promise.all([
      counted(eq(verificationCodes.target, by.target)),
      by.userId ? counted(eq(verificationCodes.userId, by.userId)) : 0,
      by.ip ? counted(eq(verificationCodes.ip, by.ip)) : 0,
    ]);
    return { target, user, ip };
  },

  /**
   * Counts one guess at the code unless it has had `max` already; false then (and for an id that is
   * no code). One statement, so guesses sent at once cannot pass the limit.
   */
  async countGuess(id: string, max: number): Promise<boolean> {
    const rows = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, max)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  },

  /** Gives back a guess that was right (only wrong ones count against the code). */
  async returnGuess(id: string): Promise<void> {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`greatest(${verificationCodes.attempts} - 1, 0)` })
      .where(eq(verificationCodes.id, id));
  },

  /** Drops the codes of a purpose that expired before `at` (captchas: one row per sign-in page shown). */
  async deleteExpired(purpose: string, at: Date): Promise<void> {
    await db.delete(verificationCodes).where(and(eq(verificationCodes.purpose, purpose), lt(verificationCodes.expiresAt, at)));
  },

  /** Spends the code; false when another request spent it first (so a code works once, even raced). */
  async spend(id: string, at: Date, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .update(verificationCodes)
      .set({ usedAt: at })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  },
});

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
