import { bigint, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { loggers } from '../../logger/logger.table.js';

/**
 * Refused device messages per logger and reason (docs/device-protocol.md section 12): the
 * logger's diagnostics, kept across restarts. Counts are added by periodic upserts, never one write
 * per refused message. Refusals of serial numbers that are not registered loggers are not stored
 * here (they have no logger to belong to); only the process-wide counter holds them.
 */
export const loggerRefusals = pgTable(
  'tb_logger_refusal',
  {
    loggerGsn: varchar('logger_gsn', { length: 32 })
      .notNull()
      .references(() => loggers.gsn, { onDelete: 'cascade' }),
    /** One of the contract's `ingestRejectReasons`. */
    reason: varchar('reason', { length: 16 }).notNull(),
    // bigint: a logger flooding for months passes 2^31.
    count: bigint('count', { mode: 'number' }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The MQTT topic of the latest refused message (for `acl`, the topic it tried). */
    lastTopic: varchar('last_topic', { length: 256 }),
    /** Why the latest one was refused, in English (the field and rule it broke, the battery it named). */
    lastDetail: text('last_detail'),
    /** The start of the latest refused payload as text (NUL and invalid UTF-8 replaced), at most 1 KiB. */
    lastExample: text('last_example'),
  },
  (t) => [primaryKey({ columns: [t.loggerGsn, t.reason] })],
);
