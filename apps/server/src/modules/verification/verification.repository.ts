import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { verificationCodes } from '../../db/schema.js';
import type { Executor } from '../user/user.repository.js';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** The verification codes: a new one, the recent ones of an address, how many were asked for, and spending one. */
export const createVerificationRepository = (db: Database) => ({
  async insert(row: typeof verificationCodes.$inferInsert): Promise<void> {
    await db.insert(verificationCodes).values(row);
  },

  /** The codes sent to an address for a purpose since `since`, newest first. */
  async recent(purpose: string, target: string, since: Date): Promise<VerificationCodeRow[]> {
    return db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target), gt(verificationCodes.createTime, since)))
      .orderBy(desc(verificationCodes.createTime))
      .limit(50);
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

  async addAttempt(id: string): Promise<void> {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id));
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
