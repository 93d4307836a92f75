import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { users } from '../../db/identity.table.js';

/** Sign-in sessions. Only a SHA-256 of the token is stored; the token itself goes to the client once. */
export const sessions = pgTable(
  'sys_session',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
  },
  (t) => [uniqueIndex('sys_session_token_key').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

/**
 * Accounts of an outside sign-in provider (OAuth2/OIDC) linked to a console account: the provider's
 * subject identifies the person, whatever their name or e-mail becomes.
 */
export const thirdAccounts = pgTable(
  'sys_third_account',
  {
    provider: varchar('provider', { length: 16 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_third_account_subject_key').on(t.provider, t.subject), index('sys_third_account_user_idx').on(t.userId)],
);

/**
 * One-time tickets that carry an outside sign-in back to the console: the provider's callback
 * leaves one in the browser's address, and the console trades it for a session within a minute.
 * Only a SHA-256 of the ticket is kept.
 */
export const loginTickets = pgTable('sys_login_ticket', {
  id: id(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  userId: varchar('user_id', { length: 32 })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});
