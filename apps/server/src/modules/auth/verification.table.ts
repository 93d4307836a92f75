import { index, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';

/**
 * Codes sent to prove a caller holds a mobile number or an e-mail address (sign-up, find password,
 * change of contact, phone sign-in). Only a salted hash of the code is kept; the rows also answer
 * how many codes an address, an account or an IP asked for lately (the rate limits hold across processes).
 */
export const verificationCodes = pgTable(
  'sys_verification_code',
  {
    id: id(),
    /** login, register, reset or alteration (contract `verificationPurposes`). */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** 'sms' or 'mail'. */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** The mobile number, or the e-mail address in lower case. */
    target: varchar('target', { length: 100 }).notNull(),
    /**
     * The account the code is about (reset, sign-in). Null on a reset or sign-in row: a stand-in
     * for a request that matched no account, sent nowhere, so the answers and limits are the same.
     */
    userId: varchar('user_id', { length: 32 }),
    /** SHA-256 of the row id and the code (the id is the salt). */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    /** Wrong guesses so far from all addresses; at `verificationLimits.guessesPerCode` the code is spent for everyone. */
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createTime: createdAt(),
  },
  (t) => [
    index('sys_verification_code_target_idx').on(t.purpose, t.target, t.createTime),
    index('sys_verification_code_ip_idx').on(t.ip, t.createTime),
    index('sys_verification_code_user_idx').on(t.userId, t.createTime),
  ],
);
