import { z } from 'zod';
import { batterySnSchema, loggerSnSchema } from './command.js';
import { fields, optionalText } from './fields.js';
import type { ListColumns } from './list-query.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';
import { defaultTimeZoneDictId, timeZoneListQuerySchema, timeZoneListSchema, timeZoneOfDictId } from './time-zone.js';
import { limits, stationImagePathPattern } from './validation.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Stations (spec sections 2, 3, 5 and 7): a station belongs to an end user (its owner) and carries
 * that owner's installer and distributor; loggers are bound to it, batteries report through them.
 * A sub-station (`pid` set) belongs to a main station; at most 10 per main station.
 */

/** Station status, worst first: the list's default order puts faults first and offline stations last. */
export const StationStatus = { Fault: 0, Warning: 1, Normal: 2, Offline: 3 } as const;
export const StationType = { LowVoltage: 0, HighVoltage: 1 } as const;
/** `pid` of a main station. */
export const mainStationPid = '0';

const stationName = text({ error: 'is required' })
  .trim()
  .min(limits.stationNameMin, `must be ${limits.stationNameMin} to ${limits.stationNameMax} characters`)
  .max(limits.stationNameMax, `must be ${limits.stationNameMin} to ${limits.stationNameMax} characters`);
const shortText = (max: number) => optionalText(text().trim().max(max, `must be at most ${max} characters`));
const coordinate = (bound: number) =>
  z
    .number({ error: 'must be a number' })
    .min(-bound, `must be between -${bound} and ${bound}`)
    .max(bound, `must be between -${bound} and ${bound}`)
    .nullable()
    .optional();
const timeZoneId = z
  .number({ error: 'must be a time zone of the list' })
  .int('must be a time zone of the list')
  .refine((id) => timeZoneOfDictId(id) !== undefined, 'must be a time zone of the list');

/** The fields a station's owner edits (spec section 3); type, image and location only for a main station. */
const stationFields = z.object({
  name: stationName,
  /** 0 low voltage, 1 high voltage. */
  stationType: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (low voltage) or 1 (high voltage)' }).optional(),
  /** Time-zone dictionary id (`/want/commDictI18n/list`); default 343. */
  timezone: timeZoneId.optional(),
  lat: coordinate(90),
  lon: coordinate(180),
  address: shortText(limits.addressMax),
  /** A station image uploaded through /sys/common/upload with `biz=station`. */
  thumbUrl: optionalText(text().trim().max(200, 'is too long').regex(stationImagePathPattern, 'must be the path of a station image uploaded through /sys/common/upload')),
  /** The customer (company). */
  customer: shortText(limits.companyMax),
  phone: optionalText(text().trim().max(32, 'must be at most 32 characters').regex(/^\+?[0-9 ()-]{3,32}$/, 'is not a valid phone number')),
  email: optionalText(fields.email),
  region: shortText(100),
  remark: shortText(500),
  inverterBrand: shortText(64),
  inverterModel: shortText(64),
  inverterQuantity: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(10_000, 'must be at most 10000').nullable().optional(),
});

/** The fields only a main station has; a sub-station takes them from its main station. */
export const mainStationOnlyFields = ['stationType', 'lat', 'lon', 'address', 'thumbUrl'] as const;

export const stationListColumns = {
  name: { type: 'text' },
  status: { type: 'smallint' },
  stationType: { type: 'smallint' },
  ownerId: { type: 'text' },
  createTime: { type: 'date' },
} as const satisfies ListColumns;

export const stationRecordSchema = z.object({
  id: text(),
  /** '0' for a main station, else its main station's id. */
  pid: text(),
  name: text(),
  stationType: z.number().int(),
  timezone: z.number().int(),
  /** The IANA zone of `timezone`: "today" on this station starts at its midnight. */
  zone: text(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  address: text().nullable(),
  thumbUrl: text().nullable(),
  customer: text().nullable(),
  phone: text().nullable(),
  email: text().nullable(),
  region: text().nullable(),
  remark: text().nullable(),
  inverterBrand: text().nullable(),
  inverterModel: text().nullable(),
  inverterQuantity: z.number().int().nullable(),
  ownerId: text().nullable(),
  ownerName: text().nullable(),
  installerId: text().nullable(),
  installerName: text().nullable(),
  /** The distributor: the "superior" of the spec's station fields. */
  distributorId: text().nullable(),
  distributorName: text().nullable(),
  /** 0 fault, 1 warning, 2 normal, 3 offline (`station_status`). */
  status: z.number().int(),
  status_dictText: text().nullable(),
  /** Sum of the batteries' latest power, kW (positive: charging). */
  power: z.number().nullable(),
  socAvg: z.number().nullable(),
  /** Today's charged and discharged energy in the station's time zone, kWh. */
  chargeToday: z.number().nullable(),
  dischargeToday: z.number().nullable(),
  loggersOnline: z.number().int(),
  loggerCount: z.number().int(),
  batteryCount: z.number().int(),
  subStationCount: z.number().int(),
  ...auditFields,
});
export type StationRecord = z.infer<typeof stationRecordSchema>;

export const stationResource = defineResource({
  path: '/want/tbStation',
  tenancy: 'tenant',
  table: 'tb_station',
  title: ['Stations', '电站管理', 'Anlagen'],
  recordName: ['station', '电站', 'Anlage'],
  record: stationRecordSchema,
  columns: stationListColumns,
  defaultSort: { column: 'status', order: 'asc' },
  add: stationFields,
  edit: editSchemaOf(stationFields),
  // Stations are created by the wizard (`add_station`), which binds their loggers in the same step.
  // The list also takes `keyWord` (station name, logger SN or battery SN, contains) and `pid` ('0':
  // main stations only; an id: that station's sub-stations): `searchParams`.
  permissions: { list: Permission.StationList, edit: Permission.StationEdit, delete: Permission.StationDelete, export: Permission.StationExport },
  dictionaries: { status: 'station_status', stationType: 'station_type' },
  labels: {
    name: ['Station name', '电站名称', 'Anlagenname'],
    pid: ['Main station', '主电站', 'Hauptanlage'],
    stationType: ['Station type', '电站类型', 'Anlagentyp'],
    timezone: ['Time zone', '时区', 'Zeitzone'],
    zone: ['Time zone', '时区', 'Zeitzone'],
    lat: ['Latitude', '纬度', 'Breitengrad'],
    lon: ['Longitude', '经度', 'Längengrad'],
    address: ['Address', '地址', 'Adresse'],
    thumbUrl: ['Station image', '电站图片', 'Anlagenbild'],
    customer: ['Customer', '客户', 'Kunde'],
    phone: ['Phone', '电话', 'Telefon'],
    email: ['E-mail', '邮箱', 'E-Mail'],
    region: ['Region', '地区', 'Region'],
    remark: ['Remark', '备注', 'Bemerkung'],
    inverterBrand: ['Inverter brand', '逆变器品牌', 'Wechselrichtermarke'],
    inverterModel: ['Inverter model', '逆变器型号', 'Wechselrichtermodell'],
    inverterQuantity: ['Inverter quantity', '逆变器数量', 'Anzahl Wechselrichter'],
    ownerId: ['Owner', '业主', 'Eigentümer'],
    ownerName: ['Owner', '业主', 'Eigentümer'],
    installerName: ['Installer', '安装商', 'Installateur'],
    distributorName: ['Superior', '上级', 'Übergeordnet'],
    status: ['Status', '状态', 'Status'],
    power: ['Power (kW)', '功率 (kW)', 'Leistung (kW)'],
    socAvg: ['Average SOC (%)', '平均 SOC (%)', 'Mittlerer SOC (%)'],
    chargeToday: ['Charged today (kWh)', '今日充电 (kWh)', 'Heute geladen (kWh)'],
    dischargeToday: ['Discharged today (kWh)', '今日放电 (kWh)', 'Heute entladen (kWh)'],
    loggersOnline: ['Loggers online', '在线采集器', 'Logger online'],
    loggerCount: ['Loggers', '采集器', 'Logger'],
    batteryCount: ['Batteries', '电池数', 'Batterien'],
    subStationCount: ['Sub-stations', '子电站', 'Unteranlagen'],
    ...auditLabels,
  },
  searchParams: {
    keyWord: ['Station, logger SN or battery SN', '电站名称、采集器 SN 或电池 SN', 'Anlage, Logger-SN oder Batterie-SN'],
    pid: ['Main station', '主电站', 'Hauptanlage'],
  },
  sheet: ['name', 'ownerName', 'status', 'power', 'socAvg', 'chargeToday', 'dischargeToday', 'loggersOnline', 'loggerCount', 'batteryCount', 'address', 'customer', 'phone', 'createTime'],
});


/** One logger row of the wizard (spec section 3, Logger row): SN, key and the battery module's serial (product code). */
export const wizardLoggerRowSchema = z.object({
  gsn: text({ error: 'Please enter the Logger SN!' }).trim().min(1, 'Please enter the Logger SN!').pipe(loggerSnSchema),
  // Only required here: a key of the wrong form is the check's own answer (4003 '{val} error').
  key: text({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is too long'),
  product_code: text({ error: 'is required' }).trim().min(1, 'is required').pipe(batterySnSchema),
  product_code_img: optionalText(text().trim().max(200, 'is too long')),
});
export type WizardLoggerRow = z.infer<typeof wizardLoggerRowSchema>;

/** Which field of a row each wizard code marks (spec section 8). */
export const wizardCodeField: Record<number, 'gsn' | 'key' | 'product_code'> = { 4000: 'gsn', 4001: 'key', 4002: 'gsn', 4003: 'key', 4027: 'product_code' };

/** `?from=HK|EUR`: the region portal the request comes from. */
export const stationRegionQuerySchema = z.object({ from: z.enum(['HK', 'EUR'], { error: 'must be HK or EUR' }).optional(), mctl: text().max(32).optional() });

/**
 * `POST /want/tbStation/check_sn`: the wizard's rows as form fields `gsn_N`, `key_N`,
 * `product_code_N` (N from 0). Read into rows by `wizardRowsOfForm`.
 */
export const checkSnBodySchema = z.record(
  text().regex(/^(gsn|key|product_code)_([0-9]|[12][0-9]|3[01])$/, 'must be gsn_N, key_N or product_code_N with N from 0 to 31'),
  text().max(200, 'is too long'),
);

/** The wizard's form fields as rows, in index order (a missing field is an empty string). */
export const wizardRowsOfForm = (body: Record<string, string>): { gsn: string; key: string; product_code: string }[] => {
  const indexes = [...new Set(Object.keys(body).map((name) => Number(name.slice(name.lastIndexOf('_') + 1))))].sort((a, b) => a - b);
  return indexes.map((i) => ({ gsn: body[`gsn_${i}`] ?? '', key: body[`key_${i}`] ?? '', product_code: body[`product_code_${i}`] ?? '' }));
};

const loggerListText = text({ error: 'is required' })
  .max(20_000, 'is too long')
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON list of loggers' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(wizardLoggerRowSchema, { error: 'must be a JSON list of loggers' })
      .min(1, 'must hold at least one logger')
      .max(limits.loggerRowsMax, `The maximum number of entries has reached ${limits.loggerRowsMax}.`),
  );

/** `POST /want/tbStation/check_product_code`: `logger` is the rows as JSON text. */
export const checkProductCodeBodySchema = z.object({ logger: loggerListText });

/** `POST /want/tbStation/add_station`: the station payload of spec section 3. */
export const addStationSchema = stationFields.extend({
  logger: loggerListText,
  /** The owner (an account within the caller's branch); the caller when absent. */
  masterId: optionalText(fields.id),
  /** '0' (or absent) for a main station, else the main station's id. */
  pid: optionalText(text().trim().max(64, 'is too long').regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id')),
  createTime: text().max(40).optional(),
  updateTime: text().max(40).optional(),
});
export type AddStationRequest = z.input<typeof addStationSchema>;

/** The owners a caller may give a station: itself and the accounts below it (`GET /want/tbStation/owners`). */
export const stationOwnerSchema = z.object({ id: text(), username: text(), realname: text(), accountType: text() });
export type StationOwner = z.infer<typeof stationOwnerSchema>;

/** A station's loggers (`GET /want/tbStation/loggers?id=`), for the station manager. */
export const stationIdQuerySchema = z.object({ id: fields.id, _t: text().optional() });

export { defaultTimeZoneDictId };

/** The wizard's step 3 for an existing station: loggers (each with its batteries) added to station `stationId`. */
export const addLoggersSchema = z.object({ stationId: fields.id, logger: checkProductCodeBodySchema.shape.logger });

/** The station wizard's calls (the list, record and export calls are the screen kit's). */
export const stationEndpoints = {
  checkSn: defineEndpoint({ method: 'POST', path: '/want/tbStation/check_sn', query: stationRegionQuerySchema, body: checkSnBodySchema, result: null }),
  checkProductCode: defineEndpoint({ method: 'POST', path: '/want/tbStation/check_product_code', body: checkProductCodeBodySchema, result: null }),
  addStation: defineEndpoint({ method: 'POST', path: '/want/tbStation/add_station', query: stationRegionQuerySchema, body: addStationSchema, result: null }),
  /** Accounts a new station may belong to: the caller, then the accounts below it. */
  owners: defineEndpoint({ method: 'GET', path: '/want/tbStation/owners', result: z.array(stationOwnerSchema) }),
  addLoggers: defineEndpoint({ method: 'POST', path: '/want/tbStation/add_logger', body: addLoggersSchema, result: null }),
  timeZones: defineEndpoint({ method: 'GET', path: '/want/commDictI18n/list', query: timeZoneListQuerySchema, result: timeZoneListSchema }),
};
