import { date, doublePrecision, index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { stations } from '../station/station.table.js';

/**
 * Charge and discharge energy per station and station-local day: the sum of its batteries' daily
 * rollups, kept by cs_refresh_station_energy() (the device plane's upkeep, every minute for the
 * recent days). The analysis dashboard of a whole fleet reads days and months here instead of
 * millions of battery rollups.
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
  // By day for a fleet-wide trend (hash-joined to the caller's stations); by station for a few.
  (t) => [primaryKey({ columns: [t.stationId, t.day] }), index('idx_station_energy_day_day').on(t.day, t.stationId)],
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
  (t) => [primaryKey({ columns: [t.stationId, t.month] }), index('idx_station_energy_month_month').on(t.month, t.stationId)],
);
