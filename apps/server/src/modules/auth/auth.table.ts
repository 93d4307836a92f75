import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { users } from '../user/user.table.js';

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
