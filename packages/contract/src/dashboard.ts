import { z } from 'zod';
import { commandRecordSchema } from './command.js';
import { eventTypes } from './device.js';
import { text } from './text.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The dashboards (spec section 2: dashboard-analysis, monitor, workplace). Every figure is within
 * the caller's scope and read from kept state and rollups, never from raw samples.
 */

const count = z.number().int().nonnegative();
/** kWh, two decimals. */
const energy = z.number();
const chargeAndDischarge = z.object({ charge: energy, discharge: energy });

/** How many days the analysis trend covers, and the window of "stations with most events". */
export const dashboardTrendDays = 30;
/** How many stations "most fault and protect events" lists. */
export const dashboardTopStations = 10;
/** The monitor's map carries at most this many stations (the worst first). */
export const dashboardMapLimit = 5000;
/** How many rows each workplace list carries. */
export const dashboardWorkplaceRows = 10;

/** `GET /want/dashboard/analysis`. */
export const dashboardAnalysisSchema = z.object({
  /** By `tb_station.status`: 0 fault, 1 warning, 2 normal, 3 offline. */
  stations: z.object({ total: count, fault: count, warning: count, normal: count, offline: count }),
  loggers: z.object({ total: count, online: count, offline: count }),
  /** Events not ended yet, by type. */
  openEvents: z.object({ total: count, normal: count, warning: count, fault: count, protect: count }),
  /** Each station's today, month and year in its own time zone, summed. */
  energy: z.object({ today: chargeAndDischarge, month: chargeAndDischarge, year: chargeAndDischarge }),
  /** One entry per local day of the last `dashboardTrendDays` days, oldest first; days without readings are 0. */
  trend: z.array(z.object({ date: text(), charge: energy, discharge: energy })),
  /** Stations with the most fault and protect events begun in the last `dashboardTrendDays` days, most first. */
  topStations: z.array(z.object({ id: text(), name: text(), status: z.number().int(), faults: count, protects: count })),
});
export type DashboardAnalysis = z.infer<typeof dashboardAnalysisSchema>;

export const dashboardMapStationSchema = z.object({ id: text(), name: text(), lat: z.number(), lon: z.number(), status: z.number().int() });
export type DashboardMapStation = z.infer<typeof dashboardMapStationSchema>;

/** `GET /want/dashboard/monitor`. */
export const dashboardMonitorSchema = z.object({
  /** Stations with a location, the worst status first, at most `limit`. */
  stations: z.array(dashboardMapStationSchema),
  /** Stations with a location in the caller's scope (more than `stations.length` when cut at `limit`). */
  located: count,
  /** Stations in the caller's scope without a location (not on the map). */
  unlocated: count,
  limit: count,
});
export type DashboardMonitor = z.infer<typeof dashboardMonitorSchema>;

export const dashboardOpenEventSchema = z.object({
  id: text(),
  type: z.enum(eventTypes),
  code: text(),
  loggerGsn: text(),
  batterySn: text().nullable(),
  stationId: text().nullable(),
  stationName: text().nullable(),
  beginTime: text(),
  acknowledged: z.boolean(),
});
export type DashboardOpenEvent = z.infer<typeof dashboardOpenEventSchema>;

export const dashboardCommandSchema = commandRecordSchema.extend({ stationId: text().nullable(), stationName: text().nullable() });
export type DashboardCommand = z.infer<typeof dashboardCommandSchema>;

/**
 * `GET /want/dashboard/workplace`: what needs the caller's attention. A part the caller may not
 * read elsewhere (the events without `site:event:list`, the commands without `device:command:list`)
 * is null.
 */
export const dashboardWorkplaceSchema = z.object({
  /** Open fault and protect events, the newest first. */
  openFaults: z.object({ total: count, records: z.array(dashboardOpenEventSchema) }).nullable(),
  /** The latest commands with their outcome. */
  recentCommands: z.array(dashboardCommandSchema).nullable(),
  /** Upgrades not finished yet, the newest first. */
  upgrades: z.object({ total: count, records: z.array(dashboardCommandSchema) }).nullable(),
});
export type DashboardWorkplace = z.infer<typeof dashboardWorkplaceSchema>;

/** The three dashboards, each within the caller's scope. */
export const dashboardEndpoints = {
  analysis: defineEndpoint({ method: 'GET', path: '/want/dashboard/analysis', result: dashboardAnalysisSchema }),
  monitor: defineEndpoint({ method: 'GET', path: '/want/dashboard/monitor', result: dashboardMonitorSchema }),
  workplace: defineEndpoint({ method: 'GET', path: '/want/dashboard/workplace', result: dashboardWorkplaceSchema }),
};
