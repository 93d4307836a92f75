import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { batterySnSchema, loggerSnSchema } from './command.js';
import { optionalText } from './fields.js';
import type { ListColumns } from './list-query.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';

/**
 * Battery change records (spec route battery-change, issue "battery replacements"): a pack replaced
 * on site, detected by the platform when a logger reports a new battery SN in the slot (BMU) of
 * another, or entered by hand; and a pack given to another logger (moved).
 */

export const batteryChangeSources = ['detected', 'moved', 'manual'] as const;
export type BatteryChangeSource = (typeof batteryChangeSources)[number];

export const batteryChangeRemarkMax = 256;
/** A change entered by hand may be dated this much after the server's clock (the browser's clock may run ahead). */
export const batteryChangeClockSkewMs = 5 * 60_000;

/** Filterable and sortable wire names of `/want/batteryChange/list`. */
export const batteryChangeListColumns = {
  oldSn: { type: 'text' },
  newSn: { type: 'text' },
  loggerGsn: { type: 'text' },
  stationId: { type: 'text' },
  source: { type: 'text' },
  changeTime: { type: 'date' },
  createBy: { type: 'text' },
} as const satisfies ListColumns;

export const batteryChangeRecordSchema = z.object({
  id: text(),
  loggerGsn: text(),
  /** The logger's station when the change was recorded. */
  stationId: text().nullable(),
  /** That station's name; null once it is deleted. */
  stationName: text().nullable(),
  oldSn: text(),
  newSn: text(),
  /** For a move: the logger the battery reported through before. */
  previousLoggerGsn: text().nullable(),
  changeTime: text(),
  source: z.enum(batteryChangeSources),
  /** The source in the caller's language (`change_source` dictionary). */
  source_dictText: text().nullable(),
  remark: text().nullable(),
  ...auditFields,
});
export type BatteryChangeRecord = z.infer<typeof batteryChangeRecordSchema>;

/** When a change happened: an ISO 8601 time, not in the future. */
const changeTimeSchema = text({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  // The format also refuses days that do not exist (2026-02-30).
  .pipe(z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' }))
  // A time that is none is the format's refusal alone.
  .refine((value) => !(Date.parse(value) > Date.now() + batteryChangeClockSkewMs), { message: 'must not be in the future', params: { messageKey: 'notInFuture' } })
  .refine((value) => !(Date.parse(value) < Date.UTC(2000, 0, 1)), { message: 'must not be before the year 2000', params: { messageKey: 'notBefore2000' } });

/**
 * `POST /want/batteryChange/add`: a replacement done on site, entered by hand. The logger must be in
 * the caller's scope; the old and the new SN must differ.
 */
const batteryChangeFields = z.object({
  loggerGsn: loggerSnSchema,
  oldSn: batterySnSchema,
  newSn: batterySnSchema,
  changeTime: changeTimeSchema,
  remark: optionalText(text().trim().max(batteryChangeRemarkMax, `must be at most ${batteryChangeRemarkMax} characters`)),
});
export const batteryChangeAddSchema = batteryChangeFields.refine((request) => request.oldSn !== request.newSn, { path: ['newSn'], message: 'must differ from the old battery SN', params: { messageKey: 'sameBatterySn' } });
export type BatteryChangeAddRequest = z.input<typeof batteryChangeAddSchema>;

/** The battery change record screen (spec route battery-change): list, export and a manual entry. */
export const batteryChangeResource = defineResource({
  path: '/want/batteryChange',
  tenancy: 'tenant',
  table: 'tb_battery_change',
  title: ['Battery changes', '电池更换记录', 'Batteriewechsel'],
  recordName: ['battery replacement', '电池更换', 'Batteriewechsel'],
  record: batteryChangeRecordSchema,
  columns: batteryChangeListColumns,
  defaultSort: { column: 'changeTime', order: 'desc' },
  add: batteryChangeAddSchema,
  // Records are history: no edit or delete call is offered (no such permission).
  edit: editSchemaOf(batteryChangeFields),
  permissions: { list: Permission.BatteryChangeList, add: Permission.BatteryChangeAdd, export: Permission.BatteryChangeExport },
  dictionaries: { source: 'change_source' },
  labels: {
    id: ['Record', '记录', 'Eintrag'],
    oldSn: ['Old battery SN', '原电池 SN', 'Alte Batterie-SN'],
    newSn: ['New battery SN', '新电池 SN', 'Neue Batterie-SN'],
    loggerGsn: ['Logger SN', '采集器 SN', 'Logger-SN'],
    stationId: ['Station', '电站', 'Anlage'],
    stationName: ['Station', '电站', 'Anlage'],
    previousLoggerGsn: ['Previous logger SN', '原采集器 SN', 'Vorheriger Logger-SN'],
    changeTime: ['Changed', '更换时间', 'Gewechselt am'],
    source: ['Source', '来源', 'Quelle'],
    remark: ['Remark', '备注', 'Bemerkung'],
    ...auditLabels,
    createBy: ['Entered by', '录入人', 'Erfasst von'],
  },
  searchParams: {
    sn: ['Battery SN (old or new)', '电池 SN（原或新）', 'Batterie-SN (alt oder neu)'],
  },
  sheet: ['changeTime', 'oldSn', 'newSn', 'loggerGsn', 'previousLoggerGsn', 'stationName', 'source', 'createBy', 'remark'],
});

export const batteryChangeEndpoints = {
  /** Record a battery replaced on site; the new id is the result. */
  add: defineEndpoint({ method: 'POST', path: '/want/batteryChange/add', body: batteryChangeAddSchema, result: text() }),
};
