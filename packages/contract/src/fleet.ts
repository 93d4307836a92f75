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
