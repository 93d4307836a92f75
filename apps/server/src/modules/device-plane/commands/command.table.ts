import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/columns.js';
import { loggers } from '../../logger/logger.table.js';

/** Remote commands and their journey: pending → sent → acknowledged | failed | timed_out. */
export const commands = pgTable(
  'tb_command',
  {
    id: id(),
    loggerGsn: varchar('logger_gsn', { length: 32 })
      .notNull()
      .references(() => loggers.gsn, { onDelete: 'cascade' }),
    batterySn: varchar('battery_sn', { length: 40 }),
    op: varchar('op', { length: 16 }).notNull(),
    val: text('val').notNull().default(''),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** Device code of the answer (spec section 8). */
    code: integer('code'),
    message: varchar('message', { length: 256 }),
    progress: doublePrecision('progress'),
    upgradeState: varchar('upgrade_state', { length: 16 }),
    createBy: varchar('create_by', { length: 64 }).notNull(),
    createTime: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Last answer or progress report from the device (upgrades time out without them). */
    lastReportAt: timestamp('last_report_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** The answer came after the command had timed out: it still tells what the device did. */
    lateAck: boolean('late_ack').notNull().default(false),
  },
  (t) => [uniqueIndex('tb_command_nonce_key').on(t.nonce), index('tb_command_logger_idx').on(t.loggerGsn, t.createTime)],
);
