import { z } from 'zod';

/**
 * What the console shows of loggers and batteries (spec section 3, Logger and Battery): the
 * stored state, not the device protocol (that is device.ts). Times are ISO 8601.
 */

/** Filterable and sortable wire names of `/want/logger/list`. */
export const loggerListColumns = ['gsn', 'alias', 'online', 'firmware', 'deviceType', 'brand', 'lastSeen', 'createTime'] as const;

export const loggerRecordSchema = z.object({
  gsn: z.string(),
  alias: z.string().nullable(),
  online: z.boolean(),
  onlineChangedAt: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** dBm (negative) or percent, as the modem reports it. */
  signal: z.number().nullable(),
  firmware: z.string().nullable(),
  /** Last login address. */
  lastIp: z.string().nullable(),
  deviceType: z.string().nullable(),
  brand: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  timezone: z.string(),
  batteryCount: z.number().int(),
  createTime: z.string(),
});
export type LoggerRecord = z.infer<typeof loggerRecordSchema>;

/** Filterable and sortable wire names of `/want/battery/list`. */
export const batteryListColumns = ['batterySn', 'loggerGsn', 'state', 'status', 'soc', 'lastTs', 'createTime'] as const;

export const batteryRecordSchema = z.object({
  batterySn: z.string(),
  loggerGsn: z.string(),
  alias: z.string().nullable(),
  bmsSn: z.string().nullable(),
  bmuSn: z.string().nullable(),
  /** Time of the latest reading; every reading field below is from it. */
  lastTs: z.string().nullable(),
  state: z.string().nullable(),
  status: z.string().nullable(),
  soc: z.number().nullable(),
  soh: z.number().nullable(),
  cycles: z.number().int().nullable(),
  voltage: z.number().nullable(),
  current: z.number().nullable(),
  power: z.number().nullable(),
  temperature: z.number().nullable(),
  chargeEnergyToday: z.number().nullable(),
  dischargeEnergyToday: z.number().nullable(),
  relayMain: z.boolean().nullable(),
  relayCharge: z.boolean().nullable(),
  relayDischarge: z.boolean().nullable(),
  hwVersion: z.string().nullable(),
  swVersion: z.string().nullable(),
  role: z.string().nullable(),
  workMode: z.string().nullable(),
  createTime: z.string(),
});
export type BatteryRecord = z.infer<typeof batteryRecordSchema>;

/** Rollup periods: 5-minute and hourly buckets in UTC, daily buckets from the station's local midnight. */
export const rollupPeriods = ['5m', '1h', '1d'] as const;
export type RollupPeriod = (typeof rollupPeriods)[number];

/** Longest range one history request may span, per period (about 2,000 points at most). */
export const historyRangeMaxDays: Record<RollupPeriod, number> = { '5m': 7, '1h': 90, '1d': 800 };

export const batteryHistoryQuerySchema = z
  .object({
    batterySn: z.string().min(1, 'is required').max(40),
    period: z.enum(rollupPeriods),
    /** ISO 8601 instants; `end` defaults to now, `begin` to one day (5m), 7 days (1h) or 30 days (1d) before it. */
    begin: z.iso.datetime({ offset: true }).optional(),
    end: z.iso.datetime({ offset: true }).optional(),
    _t: z.string().optional(),
  })
  .strict();
export type BatteryHistoryQuery = z.infer<typeof batteryHistoryQuerySchema>;

/** One rollup bucket: averages over its samples, extremes, and the day's energy counters at their highest. */
export const batteryHistoryPointSchema = z.object({
  bucketStart: z.string(),
  samples: z.number().int(),
  socAvg: z.number(),
  socMin: z.number(),
  socMax: z.number(),
  powerAvg: z.number(),
  powerMin: z.number(),
  powerMax: z.number(),
  voltageAvg: z.number(),
  currentAvg: z.number(),
  temperatureAvg: z.number(),
  temperatureMax: z.number(),
  chargeEnergy: z.number(),
  dischargeEnergy: z.number(),
});
export type BatteryHistoryPoint = z.infer<typeof batteryHistoryPointSchema>;

export const batteryHistorySchema = z.object({
  batterySn: z.string(),
  period: z.enum(rollupPeriods),
  begin: z.string(),
  end: z.string(),
  /** The time zone daily buckets start in (the logger's). */
  timezone: z.string(),
  points: z.array(batteryHistoryPointSchema),
});
export type BatteryHistory = z.infer<typeof batteryHistorySchema>;

/** Why a device message was refused (each is counted; see docs/device-protocol.md). */
export const ingestRejectReasons = ['too-large', 'not-json', 'invalid', 'unknown-logger', 'foreign-battery', 'acl', 'storage'] as const;
export type IngestRejectReason = (typeof ingestRejectReasons)[number];

/** Ingestion counters of this server process since it started. */
export const ingestStatsSchema = z.object({
  since: z.string(),
  messages: z.number().int(),
  samplesReceived: z.number().int(),
  samplesStored: z.number().int(),
  rejected: z.record(z.enum(ingestRejectReasons), z.number().int()),
  /** Samples waiting for their database batch right now. */
  pendingSamples: z.number().int(),
});
export type IngestStats = z.infer<typeof ingestStatsSchema>;

/** The per-cell readings of a battery's latest sample (battery detail: cell voltages, temperatures). */
export const batteryCellsSchema = z.object({
  batterySn: z.string(),
  ts: z.string(),
  /** V, cell 1 first. */
  cellVoltages: z.array(z.number()),
  /** °C, sensor 1 first. */
  cellTemperatures: z.array(z.number()),
});
export type BatteryCells = z.infer<typeof batteryCellsSchema>;
