import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { Permission } from './permissions.js';
import { type Words, auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';
import { patterns } from './validation.js';

/**
 * Online reports (spec sections 2, 3, 7: `/online/cgreport`): an administrator's read-only SQL query
 * with declared columns (`onl_cgreport_item`) and parameters (`onl_cgreport_param`), run in the
 * report sandbox (a read-only transaction, a statement timeout and a role that reads only the views
 * of the `report` schema, the caller's tenants only).
 */
const identifier = (what: string) =>
  text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, `must be a ${what} name: letters, digits and _, not starting with a digit`);

/** The column kinds of a report (JeecgBoot's field_type; `getQueryInfo` answers them lower-cased as `view`). */
export const reportFieldTypes = ['String', 'Integer', 'Double', 'Date', 'Datetime'] as const;
export type ReportFieldType = (typeof reportFieldTypes)[number];
export const reportSearchModes = ['single', 'group'] as const;
const flag = z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' });

export const reportItemSchema = z.object({
  fieldName: identifier('column'),
  fieldTxt: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  fieldType: z.enum(reportFieldTypes, { error: `must be one of ${reportFieldTypes.join(', ')}` }),
  isShow: flag,
  isSearch: flag,
  searchMode: z.enum(reportSearchModes, { error: 'must be single or group' }),
  /** A dictionary code only (never SQL): the column shows the dictionary's texts and searches by a select. */
  dictCode: text().trim().max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_]*$/, 'must be a dictionary code').nullable().optional(),
  orderNum: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(9999, 'must be at most 9999'),
  isTotal: flag,
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const reportParamSchema = z.object({
  paramName: identifier('parameter'),
  paramTxt: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  /** The default when the request gives neither `self_<name>` nor `<name>`. */
  paramValue: text().max(500, 'must be at most 500 characters').nullable().optional(),
});
export type ReportParam = z.infer<typeof reportParamSchema>;

/** The longest report SQL accepted. */
export const reportSqlMax = 10_000;

const uniqueBy = <T>(key: (value: T) => string, what: string) => (values: T[], context: z.RefinementCtx) => {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const name = key(value).toLowerCase();
    if (seen.has(name)) context.addIssue({ code: 'custom', message: `${what} ${key(value)} appears twice`, path: [index] });
    seen.add(name);
  });
};

const reportAddSchema = z.object({
  code: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -'),
  name: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  /** One SELECT statement; `${param}` placeholders become bound parameters. */
  cgrSql: text({ error: 'is required' }).trim().min(1, 'is required').max(reportSqlMax, `must be at most ${reportSqlMax} characters`),
  /** The code of a data source (`/sys/dataSource`) to run on; empty: the platform's own database. */
  dbSource: text().trim().max(100, 'must be at most 100 characters').nullable().optional(),
  remark: text().trim().max(500, 'must be at most 500 characters').nullable().optional(),
  items: z.array(reportItemSchema).max(100, 'may hold at most 100 columns').superRefine(uniqueBy((item) => item.fieldName, 'column')).optional(),
  params: z.array(reportParamSchema).max(20, 'may hold at most 20 parameters').superRefine(uniqueBy((param) => param.paramName, 'parameter')).optional(),
});

export const reportResource = defineResource({
  path: '/online/cgreport/head',
  tenancy: 'tenant',
  table: 'onl_cgreport_head',
  recordName: ['report', '报表', 'Bericht'],
  title: ['Online reports', 'Online报表', 'Online-Berichte'],
  record: z.object({
    id: text(),
    code: text(),
    name: text(),
    cgrSql: text(),
    dbSource: text().nullable(),
    remark: text().nullable(),
    /** With one record (queryById) only. */
    items: z.array(reportItemSchema).optional(),
    params: z.array(reportParamSchema).optional(),
    ...auditFields,
  }),
  columns: {
    code: { type: 'text' },
    name: { type: 'text' },
    dbSource: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: reportAddSchema,
  edit: editSchemaOf(reportAddSchema),
  permissions: {
    list: Permission.ReportList,
    add: Permission.ReportAdd,
    edit: Permission.ReportEdit,
    delete: Permission.ReportDelete,
    export: Permission.ReportExport,
  },
  unique: ['code'],
  labels: {
    code: ['Code', '报表编码', 'Code'],
    name: ['Name', '报表名字', 'Name'],
    cgrSql: ['SQL', '报表SQL', 'SQL'],
    dbSource: ['Data source', '动态数据源', 'Datenquelle'],
    remark: ['Remark', '备注', 'Bemerkung'],
    items: ['Columns', '字段', 'Spalten'],
    params: ['Parameters', '参数', 'Parameter'],
    ...auditLabels,
  },
  sheet: ['code', 'name', 'dbSource', 'cgrSql', 'createTime'],
});
export type ReportRecord = z.infer<typeof reportResource.record>;
export type ReportInput = z.input<typeof reportResource.add>;

/** `POST /online/cgreport/head/parseSql`: the query run with no rows, answering its columns. */
export const parseSqlBodySchema = z.object({
  cgrSql: reportAddSchema.shape.cgrSql,
  dbSource: reportAddSchema.shape.dbSource,
});
export const parsedSqlSchema = z.object({
  columns: z.array(z.object({ fieldName: text(), fieldType: z.enum(reportFieldTypes) })),
  /** The `${name}` placeholders of the SQL, in order of first use. */
  params: z.array(text()),
});
export type ParsedSql = z.infer<typeof parsedSqlSchema>;

/** `getRpColumns/{code}` (JeecgBoot's shape). */
export const reportColumnSchema = z.object({
  title: text(),
  dataIndex: text(),
  fieldType: z.enum(reportFieldTypes),
  align: z.literal('center'),
  sorter: z.literal('true'),
  isTotal: z.union([z.literal('0'), z.literal('1')]),
  /** Dictionary columns: the dictOptions key that turns a value into its text. */
  customRender: text().optional(),
});
/** A dictionary item as a report's dictOptions carry it. */
const reportDictOptionSchema = z.object({ value: text(), text: text() });
export const reportColumnsSchema = z.object({
  columns: z.array(reportColumnSchema),
  dictOptions: z.record(text(), z.array(reportDictOptionSchema)),
  fieldHrefSlots: z.array(z.object({ slotName: text(), href: text() })),
  isGroupTitle: z.boolean(),
  cgRpConfigId: text(),
  cgRpConfigName: text(),
});
export type ReportColumns = z.infer<typeof reportColumnsSchema>;

/** `getQueryInfo/{configId}`: the search items; from the third on `hidden: '1'` (behind "more"). */
export const reportQueryItemSchema = z.object({
  label: text(),
  field: text(),
  /** The lower-cased field type, or `list` for a dictionary column. */
  view: z.enum(['string', 'integer', 'double', 'date', 'datetime', 'list']),
  mode: z.enum(reportSearchModes),
  dictCode: text().optional(),
  hidden: z.literal('1').optional(),
});
export type ReportQueryItem = z.infer<typeof reportQueryItemSchema>;

/** `getData/{configId}`: paging, sort among the declared columns, search fields and parameters (passed through). */
export const reportDataQuerySchema = z
  .object({
    pageNo: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(1),
    pageSize: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(10),
    column: text().max(64, 'is too long').optional(),
    order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
  })
  .catchall(z.union([text().max(500, 'is too long'), z.array(text().max(500, 'is too long')).max(50, 'too many values')]));
export type ReportDataQuery = z.infer<typeof reportDataQuerySchema>;
export const reportDataSchema = z.object({ total: z.number().int(), records: z.array(z.record(text(), z.unknown())) });
export type ReportData = z.infer<typeof reportDataSchema>;

export const reportConfigIdParamsSchema = z.object({ configId: text().trim().min(1, 'is required').max(64, 'is too long').regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id') });
export const reportCodeParamsSchema = z.object({ code: reportAddSchema.shape.code });

/** How long a report's answer to one query is reused (spec section 9: report cache 30 s). */
export const reportCacheMs = 30_000;

/** How many rows of a report a `report.mail` mail holds (the report page shows the rest). */
export const reportMailRowsMax = 200;

const reportMailEntrySchema = z.object({
  code: reportAddSchema.shape.code,
  to: z
    .array(text({ error: 'must be an e-mail address' }).trim().max(100, 'is too long').regex(patterns.email, 'must be an e-mail address'), { error: 'must be a list of e-mail addresses' })
    .min(1, 'must name at least one recipient')
    .max(20, 'may name at most 20 recipients'),
});

/**
 * The parameter of the scheduled task `report.mail` (a job's text): a JSON array of 1 to 5 reports
 * to mail, each `{ "code": "<report code>", "to": ["<e-mail>", …] }`.
 */
export const reportMailParameterSchema = text({ error: 'is required' })
  .transform((raw, context) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON: [{"code": "<report code>", "to": ["<e-mail>"]}]' });
      return z.NEVER;
    }
  })
  .pipe(z.array(reportMailEntrySchema, { error: 'must be a JSON array of {code, to}' }).min(1, 'must name at least one report').max(5, 'may name at most 5 reports'));
export type ReportMailParameter = z.infer<typeof reportMailParameterSchema>;

/** The texts of a report mail, in the language of the user it runs as. */
export const reportMailTexts = {
  subject: ['Report: {name}', '报表：{name}', 'Bericht: {name}'],
  intro: ['The report "{name}" ({code}) as of {time}, as {user} sees it.', '报表“{name}”（{code}），截至 {time}，按 {user} 的权限查询。', 'Der Bericht „{name}“ ({code}) zum Stand {time}, wie {user} ihn sieht.'],
  total: ['{total} rows in all.', '共 {total} 行。', '{total} Zeilen insgesamt.'],
  cut: ['Only the first {shown} rows are in this mail; the report page shows them all.', '本邮件只含前 {shown} 行；报表页面可查看全部。', 'Diese Mail enthält nur die ersten {shown} Zeilen; die Berichtsseite zeigt alle.'],
  empty: ['(no rows)', '（无数据）', '(keine Zeilen)'],
} as const satisfies Record<string, Words>;

/** The report form's "parse SQL", and running a report (`/online/cgreport/api/*`). */
export const reportEndpoints = {
  parseSql: defineEndpoint({ method: 'POST', path: '/online/cgreport/head/parseSql', body: parseSqlBodySchema, result: parsedSqlSchema }),
  /** The shown columns of the report with this code, dictionary options, its id and name. */
  columns: defineEndpoint({ method: 'GET', path: '/online/cgreport/api/getRpColumns/:code', params: reportCodeParamsSchema, result: reportColumnsSchema }),
  /** The search items of the report. */
  queryInfo: defineEndpoint({ method: 'GET', path: '/online/cgreport/api/getQueryInfo/:configId', params: reportConfigIdParamsSchema, result: z.array(reportQueryItemSchema) }),
  /** The parameters of the report with their defaults. */
  paramsInfo: defineEndpoint({ method: 'GET', path: '/online/cgreport/api/getParamsInfo/:configId', params: reportConfigIdParamsSchema, result: z.array(reportParamSchema) }),
  /** One page of the report: paging, sort, search fields and parameters. */
  data: defineEndpoint({ method: 'GET', path: '/online/cgreport/api/getData/:configId', params: reportConfigIdParamsSchema, query: reportDataQuerySchema, result: reportDataSchema }),
};
