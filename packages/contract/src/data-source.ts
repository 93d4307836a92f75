import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource } from './resource.js';
import { fields } from './fields.js';
import { text } from './text.js';

/**
 * Data sources (spec section 2 "data sources", `/sys/dataSource`): further PostgreSQL databases an
 * online report may read. The password is stored encrypted (AES-256-GCM) and never answered back:
 * records carry `dbPassword` masked. Only PostgreSQL is supported. The reports run there in a
 * read-only transaction with the statement timeout, but no role switch is possible on a foreign
 * server: the data source's own user should be one that can only read.
 */
export const dataSourceTypes = ['postgresql'] as const;

/** What a record shows instead of a stored password. */
export const maskedPassword = '******';

const dbUrl = text({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(500, 'must be at most 500 characters')
  .regex(/^postgres(ql)?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?\/[A-Za-z0-9_$-]+(\?[A-Za-z0-9_=&.-]*)?$/, 'must be postgres://host[:port]/database (user and password in their own fields)');

const dataSourceAddSchema = z.object({
  code: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -'),
  name: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  dbType: z.enum(dataSourceTypes, { error: 'must be postgresql (the only database type supported)' }),
  dbUrl,
  dbUsername: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  /** Write-only: sent to set it, never answered. */
  dbPassword: text().max(200, 'must be at most 200 characters').optional(),
  remark: text().trim().max(500, 'must be at most 500 characters').nullable().optional(),
});

export const dataSourceResource = defineResource({
  path: '/sys/dataSource',
  tenancy: 'platform',
  table: 'sys_data_source',
  recordName: ['data source', '数据源', 'Datenquelle'],
  title: ['Data sources', '多数据源管理', 'Datenquellen'],
  record: z.object({
    id: text(),
    code: text(),
    name: text(),
    dbType: z.enum(dataSourceTypes),
    dbUrl: text(),
    dbUsername: text(),
    /** `maskedPassword` when one is stored, else null: the password itself never leaves the server. */
    dbPassword: text().nullable(),
    remark: text().nullable(),
    ...auditFields,
  }),
  columns: {
    code: { type: 'text' },
    name: { type: 'text' },
    dbType: { type: 'text' },
    dbUrl: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: dataSourceAddSchema,
  // An edit without a password keeps the stored one.
  edit: dataSourceAddSchema.partial().extend({ id: fields.id }),
  permissions: {
    list: Permission.DataSourceList,
    add: Permission.DataSourceAdd,
    edit: Permission.DataSourceEdit,
    delete: Permission.DataSourceDelete,
    export: Permission.DataSourceExport,
  },
  unique: ['code'],
  labels: {
    code: ['Code', '数据源编码', 'Code'],
    name: ['Name', '数据源名称', 'Name'],
    dbType: ['Database type', '数据库类型', 'Datenbanktyp'],
    dbUrl: ['Database URL', '数据源地址', 'Datenbank-URL'],
    dbUsername: ['User name', '用户名', 'Benutzername'],
    dbPassword: ['Password', '密码', 'Passwort'],
    remark: ['Remark', '备注', 'Bemerkung'],
    ...auditLabels,
  },
  sheet: ['code', 'name', 'dbType', 'dbUrl', 'dbUsername', 'remark', 'createTime'],
});
export type DataSourceRecord = z.infer<typeof dataSourceResource.record>;

/**
 * `POST /sys/dataSource/testConnection`: the values of the form; with `id` and no password, the
 * stored password of that data source.
 */
export const testConnectionBodySchema = z.object({
  id: fields.id.optional(),
  dbType: dataSourceAddSchema.shape.dbType,
  dbUrl,
  dbUsername: dataSourceAddSchema.shape.dbUsername,
  dbPassword: dataSourceAddSchema.shape.dbPassword,
});
export const testConnectionResultSchema = z.object({ ok: z.boolean(), message: text() });

/** The data source form's "test connection". */
export const dataSourceEndpoints = {
  testConnection: defineEndpoint({ method: 'POST', path: '/sys/dataSource/testConnection', body: testConnectionBodySchema, result: testConnectionResultSchema }),
};
