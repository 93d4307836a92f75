import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields } from './fields.js';
import { Permission } from './permissions.js';
import { type Words, auditLabels, defineResource } from './resource.js';
import { text } from './text.js';

/** The records whose every change is logged (`sys_data_log.data_table`): stations, loggers, battery settings, users and roles. */
export const DataLogTable = {
  Station: 'tb_station',
  Logger: 'tb_logger',
  BatterySetting: 'tb_command',
  User: 'sys_user',
  Role: 'sys_role',
} as const;
export type DataLogTableName = (typeof DataLogTable)[keyof typeof DataLogTable];
export const dataLogTables = Object.values(DataLogTable);
/** Whether a table name is one the data log keeps versions of. */
export const isDataLogTable = (name: string): name is DataLogTableName => (dataLogTables as string[]).includes(name);

/** What a change did to its record. */
export const DataLogAction = { Add: 'add', Edit: 'edit', Delete: 'delete' } as const;
export type DataLogActionName = (typeof DataLogAction)[keyof typeof DataLogAction];
export const dataLogActions = Object.values(DataLogAction);

/** Each logged table's name in three languages (the page's filter and headings). */
export const dataLogTableNames: Record<DataLogTableName, Words> = {
  tb_station: ['Station', '电站', 'Anlage'],
  tb_logger: ['Logger', '采集器', 'Datenlogger'],
  tb_command: ['Battery setting', '电池设置', 'Batterieeinstellung'],
  sys_user: ['User', '用户', 'Benutzer'],
  sys_role: ['Role', '角色', 'Rolle'],
};
export const dataLogActionNames: Record<DataLogActionName, Words> = {
  add: ['Added', '新增', 'Hinzugefügt'],
  edit: ['Edited', '修改', 'Geändert'],
  delete: ['Deleted', '删除', 'Gelöscht'],
};

/** One change's record state: the record's fields as stored (secrets such as password hashes left out). */
export const dataLogContentSchema = z.record(text(), z.unknown());
export type DataLogContent = z.infer<typeof dataLogContentSchema>;

/**
 * System administration: the data log (spec section 2 "data log", JeecgBoot `sys_data_log`): one
 * entry per change to a station, logger, battery setting, user or role, with who, when, and the
 * record before and after. Entries are written by the services that change the records, in the
 * change's own transaction, and never edited; an administrator of one tenant sees its tenant's only.
 */
export const dataLogResource = defineResource({
  path: '/sys/dataLog',
  tenancy: 'tenant',
  table: 'sys_data_log',
  recordName: ['data change', '数据日志', 'Datenänderung'],
  title: ['Data log', '数据日志', 'Datenprotokoll'],
  record: z.object({
    id: text(),
    dataTable: text(),
    dataId: text(),
    /** The version of the record this change made: 1 for its first logged change, then counting up. */
    dataVersion: z.number().int(),
    action: z.enum(['add', 'edit', 'delete']),
    /** The record after the change (null once deleted) and before it (null when added). */
    dataContent: dataLogContentSchema.nullable(),
    dataBefore: dataLogContentSchema.nullable(),
    tenantId: z.number().int().nullable(),
    createBy: text().nullable(),
    createTime: text(),
  }),
  columns: {
    dataTable: { type: 'text' },
    dataId: { type: 'text' },
    dataVersion: { type: 'integer' },
    action: { type: 'text' },
    createBy: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  permissions: { list: Permission.DataLogList, export: Permission.DataLogExport },
  labels: {
    dataTable: ['Table', '表名', 'Tabelle'],
    dataId: ['Record id', '数据ID', 'Datensatz-ID'],
    dataVersion: ['Version', '版本号', 'Version'],
    action: ['Operation', '操作', 'Vorgang'],
    dataContent: ['After', '修改后', 'Nachher'],
    dataBefore: ['Before', '修改前', 'Vorher'],
    tenantId: ['Tenant', '租户', 'Mandant'],
    createBy: auditLabels.createBy,
    createTime: ['Changed', '修改时间', 'Geändert am'],
  },
  sheet: ['dataTable', 'dataId', 'dataVersion', 'action', 'createBy', 'createTime'],
});
export type DataLogRecord = z.infer<typeof dataLogResource.record>;

/** `GET /sys/dataLog/queryDataVerList`: every logged version of one record, oldest first. */
export const dataLogVersionsQuerySchema = z.object({
  dataTable: z.enum(dataLogTables as [DataLogTableName, ...DataLogTableName[]], { error: `must be one of ${dataLogTables.join(', ')}` }),
  dataId: fields.id,
});
export const dataLogVersionSchema = z.object({ id: text(), dataVersion: z.number().int(), action: z.enum(['add', 'edit', 'delete']), createBy: text().nullable(), createTime: text() });
export type DataLogVersion = z.infer<typeof dataLogVersionSchema>;

/** `GET /sys/dataLog/queryCompareList?dataId1=&dataId2=`: two entries (log entry ids) of the same record, older first. */
export const dataLogCompareQuerySchema = z.object({ dataId1: fields.id, dataId2: fields.id });
export const dataLogCompareMessage = { differentRecords: 'must be a version of the same record as dataId1' } as const;

/** The versions of one record, and two of them side by side. */
export const dataLogEndpoints = {
  versions: defineEndpoint({ method: 'GET', path: '/sys/dataLog/queryDataVerList', query: dataLogVersionsQuerySchema, result: z.array(dataLogVersionSchema) }),
  compare: defineEndpoint({ method: 'GET', path: '/sys/dataLog/queryCompareList', query: dataLogCompareQuerySchema, result: z.array(dataLogResource.record) }),
};
