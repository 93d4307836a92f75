import { boolean, doublePrecision, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { loggers } from '../logger/logger.table.js';

/** Batteries with their latest reading (the history is in tb_battery_sample). */
export const batteries = pgTable(
  'tb_battery',
  {
    batterySn: varchar('battery_sn', { length: 40 }).primaryKey(),
    loggerGsn: varchar('logger_gsn', { length: 32 })
      .notNull()
      .references(() => loggers.gsn, { onDelete: 'cascade' }),
    bmsSn: varchar('bms_sn', { length: 40 }),
    bmuSn: varchar('bmu_sn', { length: 40 }),
    alias: varchar('alias', { length: 64 }),
    lastTs: timestamp('last_ts', { withTimezone: true, mode: 'date' }),
    state: varchar('state', { length: 16 }),
    status: varchar('status', { length: 16 }),
    soc: doublePrecision('soc'),
    soh: doublePrecision('soh'),
    cycles: integer('cycles'),
    voltage: doublePrecision('voltage'),
    current: doublePrecision('current'),
    power: doublePrecision('power'),
    temperature: doublePrecision('temperature'),
    chargeEnergyToday: doublePrecision('charge_energy_today'),
    dischargeEnergyToday: doublePrecision('discharge_energy_today'),
    relayMain: boolean('relay_main'),
    relayCharge: boolean('relay_charge'),
    relayDischarge: boolean('relay_discharge'),
    hwVersion: varchar('hw_version', { length: 32 }),
    swVersion: varchar('sw_version', { length: 32 }),
    role: varchar('role', { length: 16 }),
    workMode: varchar('work_mode', { length: 32 }),
    createTime: createdAt(),
  },
  (t) => [index('tb_battery_logger_idx').on(t.loggerGsn)],
);

/**
 * Pre-aggregated readings for charts: 5-minute and hourly buckets in UTC, daily buckets from
 * local midnight of the battery's time zone. Merged incrementally from newly stored samples only,
 * so a re-sent sample never counts twice.
 */
export const batteryRollups = pgTable(
  'tb_battery_rollup',
  {
    batterySn: varchar('battery_sn', { length: 40 }).notNull(),
    /** '5m', '1h' or '1d'. */
    period: varchar('period', { length: 2 }).notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true, mode: 'date' }).notNull(),
    samples: integer('samples').notNull(),
    socSum: doublePrecision('soc_sum').notNull(),
    socMin: doublePrecision('soc_min').notNull(),
    socMax: doublePrecision('soc_max').notNull(),
    powerSum: doublePrecision('power_sum').notNull(),
    powerMin: doublePrecision('power_min').notNull(),
    powerMax: doublePrecision('power_max').notNull(),
    voltageSum: doublePrecision('voltage_sum').notNull(),
    currentSum: doublePrecision('current_sum').notNull(),
    temperatureSum: doublePrecision('temperature_sum').notNull(),
    temperatureMax: doublePrecision('temperature_max').notNull(),
    /** Highest "energy today" counters seen in the bucket, kWh. */
    chargeEnergy: doublePrecision('charge_energy').notNull(),
    dischargeEnergy: doublePrecision('discharge_energy').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batterySn, t.period, t.bucketStart] })],
);
