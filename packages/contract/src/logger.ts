import { z } from 'zod';
import { type ListColumns, listQuerySchema, pageSchema } from './list-query.js';
import { Permission } from './permissions.js';
import { defineResource, importResultSchema } from './resource.js';
import { resourcePaths } from './resource-paths.js';
import { text } from './text.js';
import { defineEndpoint } from './endpoint.js';
import { loggerImportRowsSchema, loggerKeyRotationSchema, loggerRegistrationResultSchema, loggerRegistrationSchema } from './command.js';

/**
 * What the console shows of loggers (spec section 3, Logger): the stored state, not the device
 * protocol (that is device.ts). Times are ISO 8601. Batteries are battery.ts.
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

/** Loggers outside the screen kit: the list with state, registration, key rotation and the corrected import rows. */
export const loggerEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/want/logger/list', query: listQuerySchema, result: pageSchema(loggerRecordSchema) }),
  registerBatch: defineEndpoint({ method: 'POST', path: '/want/logger/registerBatch', body: loggerRegistrationSchema, result: loggerRegistrationResultSchema }),
  rotateKey: defineEndpoint({ method: 'POST', path: '/want/logger/rotateKey', body: loggerKeyRotationSchema, result: null }),
  importRows: defineEndpoint({ method: 'POST', path: '/want/logger/importRows', body: loggerImportRowsSchema, result: importResultSchema }),
};
