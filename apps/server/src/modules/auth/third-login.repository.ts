import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { loginTickets, thirdAccounts } from '../../db/schema.js';

/** Linked provider accounts and the one-time tickets that carry an outside sign-in to the console. */
export const createThirdLoginRepository = (db: Database) => ({
  async linkedUser(provider: string, subject: string): Promise<string | null> {
    const [row] = await db
      .select({ userId: thirdAccounts.userId })
      .from(thirdAccounts)
      .where(and(eq(thirdAccounts.provider, provider), eq(thirdAccounts.subject, subject)))
      .limit(1);
    return row?.userId ?? null;
  },

  async link(provider: string, subject: string, userId: string): Promise<void> {
    await db.insert(thirdAccounts).values({ provider, subject, userId }).onConflictDoNothing();
  },

  async createTicket(row: typeof loginTickets.$inferInsert): Promise<void> {
    await db.insert(loginTickets).values(row);
  },

  /** Uses the ticket up if it is this one, unused and not expired; answers its user (null otherwise). */
  async spendTicket(id: string, tokenHash: string, at: Date): Promise<string | null> {
    const [row] = await db
      .update(loginTickets)
      .set({ usedAt: at })
      .where(and(eq(loginTickets.id, id), eq(loginTickets.tokenHash, tokenHash), isNull(loginTickets.usedAt), gt(loginTickets.expiresAt, at)))
      .returning({ userId: loginTickets.userId });
    return row?.userId ?? null;
  },
});

export type ThirdLoginRepository = ReturnType<typeof createThirdLoginRepository>;
