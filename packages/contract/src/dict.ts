import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields, optionalText } from './fields.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import type { CellRule } from './cell-rules.js';
import { text } from './text.js';

/** One dictionary option as the console reads it. */
export const dictOptionSchema = z.object({
  value: text(),
  text: text(),
  title: text(),
});
export type DictOption = z.infer<typeof dictOptionSchema>;

/** Every dictionary by code (`sysAllDictItems` in the login answer; `queryAllDictItems`). */
export const allDictItemsSchema = z.record(text(), z.array(dictOptionSchema));
export type AllDictItems = z.infer<typeof allDictItemsSchema>;

/** Seeded dictionary codes the console relies on. */
export const DictCode = {
  Sex: 'sex',
  UserStatus: 'user_status',
  DelFlag: 'del_flag',
  MenuType: 'menu_type',
  PermsType: 'perms_type',
  ValidStatus: 'valid_status',
  LogType: 'log_type',
  OperateType: 'operate_type',
  TenantStatus: 'tenant_status',
  PositionRank: 'position_rank',
  DictItemStatus: 'dict_item_status',
  GatewayRoutePurpose: 'gateway_purpose',
} as const;

/** User status: 1 normal, 2 frozen. */
export const UserStatus = { Normal: 1, Frozen: 2 } as const;

const requiredText = (max: number) =>
  text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** Optional free text: '' or null clears it on edit. */
const descriptionField = optionalText(text().trim().max(255, 'must be at most 255 characters'));

const dictAddSchema = z.object({
  dictName: requiredText(100),
  dictCode: requiredText(100).regex(/^[A-Za-z0-9_]+$/, 'may hold only letters, digits and _'),
  description: descriptionField,
});

/** System administration: dictionaries (spec section 2 "dictionaries"; JeecgBoot `/sys/dict`). */
export const dictResource = defineResource({
  path: '/sys/dict',
  tenancy: 'shared',
  table: 'sys_dict',
  title: ['Dictionaries', '数据字典', 'Wörterbücher'],
  record: z.object({ id: text(), dictName: text(), dictCode: text(), description: text().nullable(), ...auditFields }),
  columns: {
    dictName: { type: 'text' },
    dictCode: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: dictAddSchema,
  edit: editSchemaOf(dictAddSchema),
  permissions: { list: Permission.DictList, add: Permission.DictAdd, edit: Permission.DictEdit, delete: Permission.DictDelete },
  unique: ['dictCode'],
  labels: {
    dictName: ['Dictionary name', '字典名称', 'Wörterbuchname'],
    dictCode: ['Dictionary code', '字典编码', 'Wörterbuchcode'],
    description: ['Description', '描述', 'Beschreibung'],
    ...auditLabels,
  },
  sheet: ['dictName', 'dictCode', 'description', 'createTime'],
});
export type DictRecord = z.infer<typeof dictResource.record>;

/** An item's text in one of the console's other languages; empty means "use the item text". */
const translationText = text()
  .trim()
  .max(100, 'must be at most 100 characters')
  .optional()
  .transform((value) => value || undefined);

/** Item status: 1 enabled, 0 disabled (dictionary `dict_item_status`). */
export const DictItemStatus = { Disabled: 0, Enabled: 1 } as const;

const dictItemAddSchema = z.object({
  dictId: fields.id,
  itemText: requiredText(100),
  itemValue: requiredText(100),
  description: descriptionField,
  sortOrder: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0').max(99_999, 'must be at most 99999').optional(),
  /** 1 enabled, 0 disabled; the dictionary select sends the value as text. */
  status: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'must be 0 (disabled) or 1 (enabled)' })
    .transform((value) => (Number(value) === DictItemStatus.Enabled ? DictItemStatus.Enabled : DictItemStatus.Disabled))
    .optional(),
  /** The item's text in zh-CN and de-DE (the item text is the en-US one and every missing one's fallback). */
  translations: z.object({ 'zh-CN': translationText, 'de-DE': translationText }, { error: 'must hold the texts by language' }).optional(),
});

/** The items of one dictionary (JeecgBoot `/sys/dictItem`, listed with `?dictId=`). */
export const dictItemResource = defineResource({
  path: '/sys/dictItem',
  tenancy: 'shared',
  table: 'sys_dict_item',
  title: ['Dictionary items', '字典项', 'Wörterbucheinträge'],
  record: z.object({
    id: text(),
    dictId: text(),
    itemText: text(),
    itemValue: text(),
    description: text().nullable(),
    sortOrder: z.number().int(),
    status: z.number().int(),
    status_dictText: text().nullable(),
    translations: z.object({ 'zh-CN': text().optional(), 'de-DE': text().optional() }),
    ...auditFields,
  }),
  columns: {
    itemText: { type: 'text' },
    itemValue: { type: 'text' },
    sortOrder: { type: 'integer' },
    status: { type: 'smallint' },
    /** The parent dictionary: the drawer's fixed filter, not a column of its own. */
    dictId: { type: 'text', sortable: false },
  },
  defaultSort: { column: 'sortOrder', order: 'asc' },
  add: dictItemAddSchema,
  edit: editSchemaOf(dictItemAddSchema),
  permissions: { list: Permission.DictList, add: Permission.DictAdd, edit: Permission.DictEdit, delete: Permission.DictDelete },
  dictionaries: { status: DictCode.DictItemStatus },
  labels: {
    dictId: ['Dictionary', '所属字典', 'Wörterbuch'],
    itemText: ['Item text', '名称', 'Text'],
    itemValue: ['Item value', '数据值', 'Wert'],
    description: ['Description', '描述', 'Beschreibung'],
    sortOrder: ['Sort order', '排序值', 'Reihenfolge'],
    status: ['Status', '状态', 'Status'],
    translations: ['Translations', '多语言文本', 'Übersetzungen'],
    ...auditLabels,
  },
  sheet: ['itemText', 'itemValue', 'description', 'sortOrder', 'status'],
});
export type DictItemRecord = z.infer<typeof dictItemResource.record>;

/** `GET /sys/dictItem/dictItemCheck`: whether a value is still free within its dictionary (`id`: the item being edited). */
export const dictItemCheckQuerySchema = z.object({
  dictId: fields.id,
  itemValue: requiredText(100),
  id: fields.id.optional(),
});

/** `GET /sys/dict/getDictItems/{dictCode}`: a plain dictionary code; the table form `table,text,code` is not offered. */
/** `loadDictItem`: the values to name, comma-joined. */
export const dictLabelsQuerySchema = z.object({ key: text({ error: 'is required' }).max(2000, 'must be at most 2000 characters'), _t: text().optional() });
/** `loadDict`: what the user typed, and how many options at most (10 unless given). */
export const dictSearchQuerySchema = z.object({
  keyword: text().max(100, 'must be at most 100 characters').optional(),
  pageSize: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(10),
  _t: text().optional(),
});

export const dictCodeParamsSchema = z.object({
  dictCode: requiredText(100).refine((code) => !code.includes(','), 'table dictionaries ("table,text,code") are not offered; give a dictionary code'),
});

/**
 * The rules of the dictionary items grid (spec section 5's table cell rules): the console checks
 * them as a cell is typed, the server again on `saveBatch`, over the items as they will be stored.
 */
export const dictItemGridRules = {
  itemText: [{ required: true }],
  itemValue: [{ required: true }, { unique: true }],
  sortOrder: [{ required: true }, { pattern: 'z' }],
} as const satisfies Record<string, readonly CellRule[]>;

/** Items the grid saves: those it added (no id yet), those it changed, and the ids it removed. */
const batchItemFields = dictItemAddSchema.omit({ dictId: true });
export const dictItemSaveBatchSchema = z.object({
  dictId: fields.id,
  added: z.array(batchItemFields, { error: 'must be a list of items' }).max(1000, 'must hold at most 1000 items').default([]),
  updated: z.array(batchItemFields.extend({ id: fields.id }), { error: 'must be a list of items' }).max(1000, 'must hold at most 1000 items').default([]),
  removed: z.array(fields.id, { error: 'must be a list of ids' }).max(1000, 'must hold at most 1000 ids').default([]),
});
export type DictItemSaveBatch = z.infer<typeof dictItemSaveBatchSchema>;

/** `saveBatch`'s answer: the ids of the added items, in the order they were sent. */
export const dictItemSaveBatchResultSchema = z.object({ added: z.array(text()) });

/** The dictionaries' calls beside the kit's lists: what every form reads, the cache, the items grid. */
export const dictEndpoints = {
  /** Every dictionary by code, texts in the Accept-Language. */
  allItems: defineEndpoint({ method: 'GET', path: '/sys/dict/queryAllDictItems', result: allDictItemsSchema }),
  /** The enabled items of one dictionary. */
  items: defineEndpoint({ method: 'GET', path: '/sys/dict/getDictItems/:dictCode', params: dictCodeParamsSchema, result: z.array(dictOptionSchema) }),
  /** The texts of several values of one dictionary (`key` comma-joined), in their order; a value it does not hold stays as it is. */
  labels: defineEndpoint({ method: 'GET', path: '/sys/dict/loadDictItem/:dictCode', params: dictCodeParamsSchema, query: dictLabelsQuerySchema, result: z.array(text()) }),
  /** A search select's options: the first `pageSize` enabled items whose text or value holds `keyword`. */
  search: defineEndpoint({ method: 'GET', path: '/sys/dict/loadDict/:dictCode', params: dictCodeParamsSchema, query: dictSearchQuerySchema, result: z.array(dictOptionSchema) }),
  refreshCache: defineEndpoint({ method: 'GET', path: '/sys/dict/refleshCache', result: null }),
  /** A dictionary's added, changed and removed items in one transaction. */
  saveItems: defineEndpoint({ method: 'POST', path: '/sys/dictItem/saveBatch', body: dictItemSaveBatchSchema, result: dictItemSaveBatchResultSchema }),
  /** Whether an item value is still free within its dictionary (the answer's code and message say). */
  checkItemValue: defineEndpoint({ method: 'GET', path: '/sys/dictItem/dictItemCheck', query: dictItemCheckQuerySchema, result: null }),
};
