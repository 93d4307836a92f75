import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { deviceEvents } from '../logger/logger.table.js';
import { stations } from '../station/station.table.js';
import { users } from '../../db/identity.table.js';

/**
 * Users who saved their own alarm rules: their rules (maybe none) replace the default rule
 * (contract `defaultAlarmRule`), which applies to everyone without a row here.
 */
export const alarmSettings = pgTable('tb_alarm_setting', {
  userId: varchar('user_id', { length: 32 })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A user's alarm rule: one station (or all the user sees, station null), the event types, the delay and the escalation. */
export const alarmRules = pgTable(
  'tb_alarm_rule',
  {
    id: id(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: varchar('station_id', { length: 32 }).references(() => stations.id, { onDelete: 'cascade' }),
    /** fault, protect, warning (contract `alarmEventTypes`). */
    eventTypes: varchar('event_types', { length: 16 }).array().notNull(),
    delayMinutes: integer('delay_minutes').notNull(),
    /** Null: an unacknowledged fault never goes to the user's superiors. */
    escalateAfterMinutes: integer('escalate_after_minutes'),
    createTime: createdAt(),
  },
  (t) => [uniqueIndex('tb_alarm_rule_station_key').on(t.userId, sql`coalesce(${t.stationId}, '')`)],
);

/**
 * Each notification sent: an event told to a recipient once per kind ('alarm' by their own rule,
 * 'escalation' as a superior). The row is inserted before the mail leaves, and its key lets only
 * one process (or run) win: nobody hears of the same open event twice.
 */
export const alarmDeliveries = pgTable(
  'tb_alarm_delivery',
  {
    eventId: varchar('event_id', { length: 32 })
      .notNull()
      .references(() => deviceEvents.id, { onDelete: 'cascade' }),
    recipientId: varchar('recipient_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    createTime: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.recipientId, t.kind] }), index('tb_alarm_delivery_recipient_idx').on(t.recipientId)],
);
