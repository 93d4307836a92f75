import { z } from 'zod';
import { batterySnPattern, loggerSnPattern } from './device.js';
import type { ListColumns } from './list-query.js';
import { Permission } from './permissions.js';
import { defineResource } from './resource.js';
import { resourcePaths } from './resource-paths.js';
import { text } from './text.js';

/**
 * What the console shows of loggers and batteries (spec section 3, Logger and Battery): the
 * stored state, not the device protocol (that is device.ts). Times are ISO 8601.
 */

/** Filterable and sortable wire names of `/want/logger/list`. */
export const loggerListColumns = {
  gsn: { type: 'text' },
  alias: { type: 'text' },
  online: { type: 'boolean' },
  firmware: { type: 'text' },
  deviceType: { type: 'text' },
  brand: { type: 'text' },
  lastSeen: { type: 'date' },
  stationId: { type: 'text' },
  createTime: { type: 'date' },
} as const satisfies ListColumns;

export const loggerRecordSchema = z.object({
  gsn: text(),
  alias: text().nullable(),
  /** The station it is bound to (null: not bound yet). */
  stationId: text().nullable(),
  stationName: text().nullable(),
  /** The battery module's serial entered when it was bound (the wizard's product code). */
  productCode: text().nullable(),
  online: z.boolean(),
  onlineChangedAt: text().nullable(),
  lastSeen: text().nullable(),
  /** dBm (negative) or percent, as the modem reports it. */
  signal: z.number().nullable(),
  firmware: text().nullable(),
  /** Last login address. */
  lastIp: text().nullable(),
  deviceType: text().nullable(),
  brand: text().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  timezone: text(),
  batteryCount: z.number().int(),
  createTime: text(),
});
export type LoggerRecord = z.infer<typeof loggerRecordSchema>;

/**
 * The Loggers screen (spec route collector-index). Read-only on the kit: loggers are registered by
 * their own call (`POST /want/logger/registerBatch`), and devices keep their state current.
 */
export const loggerResource = defineResource({
  path: resourcePaths.logger,
  tenancy: 'tenant',
  table: 'tb_logger',
  title: ['Loggers', '数据采集器', 'Datenlogger'],
  recordName: ['logger', '采集器', 'Datenlogger'],
  record: loggerRecordSchema,
  columns: loggerListColumns,
  defaultSort: { column: 'createTime', order: 'desc' },
  permissions: { list: Permission.LoggerList },
  labels: {
    gsn: ['Logger SN', '采集器 SN', 'Logger-SN'],
    alias: ['Alias', '别名', 'Alias'],
    stationName: ['Station', '电站', 'Anlage'],
    stationId: ['Station', '电站', 'Anlage'],
    productCode: ['Battery module SN', '电池模块 SN', 'Batteriemodul-SN'],
    online: ['State', '状态', 'Zustand'],
    batteryCount: ['Batteries', '电池数', 'Batterien'],
    signal: ['Signal', '信号强度', 'Signal'],
    firmware: ['Firmware', '固件版本', 'Firmware'],
    deviceType: ['Device type', '设备类型', 'Gerätetyp'],
    brand: ['Brand', '品牌', 'Marke'],
    lastIp: ['Last login address', '最后登录地址', 'Letzte Anmeldeadresse'],
    lat: ['Latitude', '纬度', 'Breitengrad'],
    lon: ['Longitude', '经度', 'Längengrad'],
    timezone: ['Time zone', '时区', 'Zeitzone'],
    lastSeen: ['Last seen', '最后通信', 'Zuletzt gesehen'],
    createTime: ['Registered', '注册时间', 'Registriert'],
  },
  sheet: ['gsn', 'alias', 'stationName', 'online', 'batteryCount', 'signal', 'firmware', 'deviceType', 'brand', 'lastIp', 'lat', 'lon', 'timezone', 'lastSeen', 'createTime'],
});

/** Filterable and sortable wire names of `/want/battery/list`. */
export const batteryListColumns = {
  batterySn: { type: 'text' },
  bmsSn: { type: 'text' },
  bmuSn: { type: 'text' },
  loggerGsn: { type: 'text' },
  /** The station of the battery's logger (read through the logger). */
  stationName: { type: 'text' },
  alias: { type: 'text' },
  state: { type: 'text' },
  status: { type: 'text' },
  soc: { type: 'number' },
  soh: { type: 'number' },
  cycles: { type: 'number' },
  role: { type: 'text' },
  workMode: { type: 'text' },
  lastTs: { type: 'date' },
  createTime: { type: 'date' },
} as const satisfies ListColumns;

export const batteryRecordSchema = z.object({
  batterySn: text(),
  loggerGsn: text(),
  /** The station of its logger (null: the logger is on no station). */
  stationId: text().nullable(),
  stationName: text().nullable(),
  alias: text().nullable(),
  bmsSn: text().nullable(),
  bmuSn: text().nullable(),
  /** Time of the latest reading; every reading field below is from it. */
  lastTs: text().nullable(),
  /** charge, discharge, none or idle (spec section 4). */
  state: text().nullable(),
  /** normal, warning, upgrading, error, protect or fault (spec section 4). */
  status: text().nullable(),
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
  hwVersion: text().nullable(),
  swVersion: text().nullable(),
  /** master, slave or idle. */
  role: text().nullable(),
  workMode: text().nullable(),
  createTime: text(),
});
export type BatteryRecord = z.infer<typeof batteryRecordSchema>;

/**
 * The battery list (spec route battery-index, /battery/index) and the battery detail
 * (/battery/detail): read-only on the kit but for the alias (`POST /want/battery/edit`). The Loggers
 * screen and the station page read the same list (filtered by logger or `stationId`).
 */
export const batteryResource = defineResource({
  path: resourcePaths.battery,
  tenancy: 'tenant',
  table: 'tb_battery',
  title: ['Batteries', '电池', 'Batterien'],
  recordName: ['battery', '电池', 'Batterie'],
  record: batteryRecordSchema,
  columns: batteryListColumns,
  defaultSort: { column: 'batterySn', order: 'asc' },
  permissions: { list: Permission.BatteryIndex, export: Permission.BatteryExport },
  labels: {
    batterySn: ['Battery SN', '电池 SN', 'Batterie-SN'],
    bmsSn: ['BMS SN', 'BMS SN', 'BMS-SN'],
    bmuSn: ['BMU SN', 'BMU SN', 'BMU-SN'],
    loggerGsn: ['Logger SN', '采集器 SN', 'Logger-SN'],
    stationId: ['Station', '电站', 'Anlage'],
    stationName: ['Station', '电站', 'Anlage'],
    alias: ['Alias', '别名', 'Alias'],
    lastTs: ['Last reading', '最近数据', 'Letzter Messwert'],
    state: ['State', '状态', 'Zustand'],
    status: ['Status', '运行状态', 'Status'],
    soc: ['SOC (%)', 'SOC (%)', 'SOC (%)'],
    soh: ['SOH (%)', 'SOH (%)', 'SOH (%)'],
    cycles: ['Cycles', '循环次数', 'Zyklen'],
    voltage: ['Voltage (V)', '电压 (V)', 'Spannung (V)'],
    current: ['Current (A)', '电流 (A)', 'Strom (A)'],
    power: ['Power (W)', '功率 (W)', 'Leistung (W)'],
    temperature: ['Temperature (°C)', '温度 (°C)', 'Temperatur (°C)'],
    chargeEnergyToday: ['Charged today (kWh)', '今日充电量 (kWh)', 'Heute geladen (kWh)'],
    dischargeEnergyToday: ['Discharged today (kWh)', '今日放电量 (kWh)', 'Heute entladen (kWh)'],
    relayMain: ['Main relay', '主继电器', 'Hauptrelais'],
    relayCharge: ['Charge relay', '充电继电器', 'Laderelais'],
    relayDischarge: ['Discharge relay', '放电继电器', 'Entladerelais'],
    hwVersion: ['Hardware version', '硬件版本', 'Hardwareversion'],
    swVersion: ['Software version', '软件版本', 'Softwareversion'],
    role: ['Role', '角色', 'Rolle'],
    workMode: ['Work mode', '工作模式', 'Betriebsart'],
    createTime: ['First reported', '首次上报', 'Erstmals gemeldet'],
  },
  sheet: [
    'batterySn', 'bmsSn', 'bmuSn', 'loggerGsn', 'stationName', 'alias', 'state', 'status', 'soc', 'soh', 'cycles', 'voltage', 'current', 'power', 'temperature',
    'chargeEnergyToday', 'dischargeEnergyToday', 'relayMain', 'relayCharge', 'relayDischarge', 'hwVersion', 'swVersion', 'role', 'workMode', 'lastTs', 'createTime',
  ],
});

/** `POST /want/battery/edit`: a battery's alias ('' or null clears it). */
export const batteryAliasSchema = z.object({
  batterySn: text({ error: 'is required' }).regex(batterySnPattern, 'must be 4 to 40 letters, digits, dashes or underscores'),
  alias: z.union([text().trim().max(64, 'must be at most 64 characters'), z.null()]),
});
export type BatteryAliasRequest = z.infer<typeof batteryAliasSchema>;

const batterySn = () => text({ error: 'is required' }).regex(batterySnPattern, 'must be 4 to 40 letters, digits, dashes or underscores');

/** Rollup periods: 5-minute and hourly buckets in UTC, daily buckets from the station's local midnight. */
export const rollupPeriods = ['5m', '1h', '1d'] as const;
export type RollupPeriod = (typeof rollupPeriods)[number];

/** Longest range one history request may span, per period (about 2,000 points at most). */
export const historyRangeMaxDays: Record<RollupPeriod, number> = { '5m': 7, '1h': 90, '1d': 800 };

export const batteryHistoryQuerySchema = z
  .object({
    batterySn: batterySn(),
    period: z.enum(rollupPeriods),
    /** ISO 8601 instants; `end` defaults to now, `begin` to one day (5m), 7 days (1h) or 30 days (1d) before it. */
    begin: z.iso.datetime({ offset: true }).optional(),
    end: z.iso.datetime({ offset: true }).optional(),
    _t: text().optional(),
  })
  .strict();
export type BatteryHistoryQuery = z.infer<typeof batteryHistoryQuerySchema>;

/** One rollup bucket: averages over its samples, extremes, and the day's energy counters at their highest. */
/**
 * The precision the platform answers measurements in (samples are stored as 4-byte floats, whose
 * last digits are noise): documented in docs/device-protocol.md section 4.1.
 */
const measurementDecimals = { soc: 1, soh: 1, voltage: 2, current: 2, power: 1, temperature: 1, energy: 3, cellVoltage: 3, cellTemperature: 1 } as const;

/** A measurement at its documented precision. */
export const roundMeasurement = (value: number, unit: keyof typeof measurementDecimals): number => {
  const factor = 10 ** measurementDecimals[unit];
  return Math.round(value * factor) / factor;
};

export const batteryHistoryPointSchema = z.object({
  bucketStart: text(),
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
  batterySn: text(),
  period: z.enum(rollupPeriods),
  begin: text(),
  end: text(),
  /** The time zone daily buckets start in (the logger's). */
  timezone: text(),
  points: z.array(batteryHistoryPointSchema),
});
export type BatteryHistory = z.infer<typeof batteryHistorySchema>;

/**
 * Why a device message was refused (each is counted; see docs/device-protocol.md). `connect-rate`
 * is a CONNECT the embedded broker refused for its address's budget (counted process-wide only).
 */
export const ingestRejectReasons = ['too-large', 'not-json', 'invalid', 'unknown-logger', 'foreign-battery', 'acl', 'storage', 'rate', 'connect-rate'] as const;
export type IngestRejectReason = (typeof ingestRejectReasons)[number];

/** Ingestion counters of this server process since it started. */
export const ingestStatsSchema = z.object({
  since: text(),
  messages: z.number().int(),
  samplesReceived: z.number().int(),
  samplesStored: z.number().int(),
  rejected: z.record(z.enum(ingestRejectReasons), z.number().int()),
  /** Samples waiting for their database batch right now. */
  pendingSamples: z.number().int(),
});
export type IngestStats = z.infer<typeof ingestStatsSchema>;

/** `GET /want/logger/refusals`: a logger's refused messages (its diagnostics). */
export const loggerRefusalsQuerySchema = z
  .object({ gsn: text().regex(loggerSnPattern, 'must be 4 to 32 letters, digits, dashes or underscores'), _t: text().optional() })
  .strict();
export type LoggerRefusalsQuery = z.infer<typeof loggerRefusalsQuerySchema>;

/**
 * How many of a logger's messages were refused for one reason, since the logger was registered
 * (stored, so it survives restarts), and the latest one: when, on which topic, why, and the start
 * of its payload (at most 1 KiB as text, NUL and invalid UTF-8 replaced; `…` when cut).
 */
export const loggerRefusalSchema = z.object({
  reason: z.enum(ingestRejectReasons),
  count: z.number().int(),
  firstTime: text(),
  lastTime: text(),
  lastTopic: text().nullable(),
  lastDetail: text().nullable(),
  lastExample: text().nullable(),
});
export type LoggerRefusal = z.infer<typeof loggerRefusalSchema>;

export const batteryCellsQuerySchema = z.object({ batterySn: batterySn(), _t: text().optional() }).strict();

/** The per-cell readings of a battery's latest sample (battery detail: cell voltages, temperatures). */
export const batteryCellsSchema = z.object({
  batterySn: text(),
  ts: text(),
  /** V, cell 1 first. */
  cellVoltages: z.array(z.number()),
  /** °C, sensor 1 first. */
  cellTemperatures: z.array(z.number()),
});
export type BatteryCells = z.infer<typeof batteryCellsSchema>;
