import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { audit, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';

/**
 * Battery change records (spec route battery-change): a pack replaced on site (a logger reports a new
 * battery SN in the slot, the BMU, of another: detected; or entered by hand), or a pack given to
 * another logger (moved). History, so no foreign keys to loggers or stations: a record outlives them.
 */
export const batteryChanges = pgTable(
  'tb_battery_change',
  {
    id: id(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** The logger the new battery reports through. */
    loggerGsn: varchar('logger_gsn', { length: 32 }).notNull(),
    /** The logger's station when the change was recorded. */
    stationId: varchar('station_id', { length: 32 }),
    oldSn: varchar('old_sn', { length: 40 }).notNull(),
    newSn: varchar('new_sn', { length: 40 }).notNull(),
    /** For a move: the logger the battery reported through before. */
    previousLoggerGsn: varchar('previous_logger_gsn', { length: 32 }),
    changeTime: timestamp('change_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'detected' (by the platform), 'moved' or 'manual'. */
    source: varchar('source', { length: 16 }).notNull(),
    remark: varchar('remark', { length: 256 }),
    ...audit,
  },
  (t) => [
    index('tb_battery_change_logger_idx').on(t.loggerGsn, t.changeTime),
    index('tb_battery_change_time_idx').on(t.changeTime),
    // A replacement is detected once, however often its samples are re-sent.
    uniqueIndex('tb_battery_change_detected_key').on(t.loggerGsn, t.oldSn, t.newSn).where(sql`${t.source} = 'detected'`),
  ],
);
