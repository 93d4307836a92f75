import { z } from 'zod';
import { batterySnPattern } from './device.js';
import type { ListColumns } from './list-query.js';
import { Permission } from './permissions.js';
import { defineEndpoint } from './endpoint.js';
import { defineResource } from './resource.js';
import { resourcePaths } from './resource-paths.js';
import { text } from './text.js';

/**
 * What the console shows of batteries (spec section 3, Battery): the stored state and the latest
 * sample's cells. Times are ISO 8601. Their history is history.ts.
 */

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

/** A battery module's serial number in a query. */
export const batterySnField = () => text({ error: 'is required' }).regex(batterySnPattern, 'must be 4 to 40 letters, digits, dashes or underscores');

export const batteryCellsQuerySchema = z.object({ batterySn: batterySnField(), _t: text().optional() }).strict();

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

/** A battery's own calls outside its list: its alias, and its latest cells (the battery detail, the Loggers screen's drawer). */
export const batteryEndpoints = {
  editAlias: defineEndpoint({ method: 'POST', path: '/want/battery/edit', body: batteryAliasSchema, result: null }),
  cells: defineEndpoint({ method: 'GET', path: '/want/battery/cells', query: batteryCellsQuerySchema, result: batteryCellsSchema }),
};
