import { date, doublePrecision, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { stations } from '../../station/station.table.js';
import { tenants } from '../../../db/identity.table.js';

/**
 * Charge and discharge energy per station and station-local day: the sum of its batteries' daily
 * rollups, kept by cs_refresh_station_energy() (the device plane's upkeep, every minute for the
 * recent days). The analysis dashboard reads days and months here instead of millions of battery
 * rollups; the indexes by day carry the figures, so a fleet's trend is read from the index alone.
 */
export const stationEnergyDays = pgTable(
  'tb_station_energy_day',
  {
    stationId: varchar('station_id', { length: 32 })
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    chargeEnergy: doublePrecision('charge_energy').notNull(),
    dischargeEnergy: doublePrecision('discharge_energy').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.day] }), index('idx_station_energy_day_day').on(t.day, t.stationId, t.chargeEnergy, t.dischargeEnergy)],
);

/** The same per station-local month (`month` is its first day), so a year is twelve rows per station. */
export const stationEnergyMonths = pgTable(
  'tb_station_energy_month',
  {
    stationId: varchar('station_id', { length: 32 })
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    chargeEnergy: doublePrecision('charge_energy').notNull(),
    dischargeEnergy: doublePrecision('discharge_energy').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.month] }), index('idx_station_energy_month_month').on(t.month, t.stationId, t.chargeEnergy, t.dischargeEnergy)],
);

/**
 * The stations' days summed per tenant and time zone: what an administrator, who sees the whole
 * tenant, reads (a few rows per day instead of one per station). Keeping the zone lets "today" and
 * "this month" still be each station's own, since every station of a zone shares its calendar.
 */
export const tenantEnergyDays = pgTable(
  'tb_tenant_energy_day',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    zone: varchar('zone', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    chargeEnergy: doublePrecision('charge_energy').notNull(),
    dischargeEnergy: doublePrecision('discharge_energy').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.zone] })],
);

/** The same per tenant, time zone and local month. */
export const tenantEnergyMonths = pgTable(
  'tb_tenant_energy_month',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    zone: varchar('zone', { length: 64 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    chargeEnergy: doublePrecision('charge_energy').notNull(),
    dischargeEnergy: doublePrecision('discharge_energy').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month, t.zone] })],
);
