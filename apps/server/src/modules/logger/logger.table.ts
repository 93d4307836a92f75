import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, createdAt, id } from '../../db/columns.js';
import { stations } from '../station/station.table.js';
import { tenants } from '../../db/identity.table.js';
import { users } from '../../db/identity.table.js';

/** Data loggers (gateways). The registration key is the device's pre-shared secret. */
export const loggers = pgTable(
  'tb_logger',
  {
    gsn: varchar('gsn', { length: 32 }).primaryKey(),
    /** Printed on the device; MQTT password and command signing key derive from it. */
    registrationKey: varchar('registration_key', { length: 64 }).notNull(),
    alias: varchar('alias', { length: 64 }),
    /** IANA time zone that "today" and daily figures use (the station's, once bound). */
    timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    /** The station it is bound to; null until the wizard (or the station manager) binds it. */
    stationId: varchar('station_id', { length: 32 }).references(() => stations.id, { onDelete: 'set null' }),
    /** Who registered it: until it is on a station, only they and administrators see it. */
    registrantId: varchar('registrant_id', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    /** The battery module's serial entered when it was bound (the wizard's product code); unique. */
    productCode: varchar('product_code', { length: 40 }),
    online: boolean('online').notNull().default(false),
    onlineChangedAt: timestamp('online_changed_at', { withTimezone: true, mode: 'date' }),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }),
    signal: doublePrecision('signal'),
    firmware: varchar('firmware', { length: 32 }),
    lastIp: varchar('last_ip', { length: 64 }),
    deviceType: varchar('device_type', { length: 32 }),
    brand: varchar('brand', { length: 32 }),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    statusTime: timestamp('status_time', { withTimezone: true, mode: 'date' }),
    ...audit,
  },
  (t) => [
    index('tb_logger_tenant_idx').on(t.tenantId),
    index('tb_logger_station_idx').on(t.stationId),
    uniqueIndex('tb_logger_product_code_key').on(t.productCode).where(sql`${t.productCode} is not null`),
  ],
);

/** Device events (normal, warning, fault, protect); open while end_time is null. */
export const deviceEvents = pgTable(
  'tb_event',
  {
    id: id(),
    loggerGsn: varchar('logger_gsn', { length: 32 })
      .notNull()
      .references(() => loggers.gsn, { onDelete: 'cascade' }),
    /** The logger's own id of the event. */
    deviceEventId: varchar('device_event_id', { length: 64 }).notNull(),
    batterySn: varchar('battery_sn', { length: 40 }),
    type: varchar('type', { length: 16 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    category: varchar('category', { length: 32 }).notNull().default(''),
    beginTime: timestamp('begin_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    /** The battery's readings when the event was stored (its latest sample then); null for a logger event. */
    startSoc: doublePrecision('start_soc'),
    startVoltage: doublePrecision('start_voltage'),
    startCurrent: doublePrecision('start_current'),
    startPower: doublePrecision('start_power'),
    startTemperature: doublePrecision('start_temperature'),
    /** Acknowledgement by a console user: who, when and why; null until acknowledged. */
    acknowledgedBy: varchar('acknowledged_by', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    acknowledgedTime: timestamp('acknowledged_time', { withTimezone: true, mode: 'date' }),
    ackComment: varchar('ack_comment', { length: 256 }),
    createTime: createdAt(),
  },
  (t) => [
    uniqueIndex('tb_event_device_key').on(t.loggerGsn, t.deviceEventId),
    index('tb_event_open_idx').on(t.loggerGsn).where(sql`${t.endTime} is null`),
    index('tb_event_begin_idx').on(t.beginTime),
  ],
);
