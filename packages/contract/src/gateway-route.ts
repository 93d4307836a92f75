import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { DictCode } from './dict.js';
import { fields, optionalText } from './fields.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';

/** What an outbound integration is for. */
export const gatewayRoutePurposes = ['tile', 'geocoder', 'sms', 'webhook', 'other'] as const;
export type GatewayRoutePurpose = (typeof gatewayRoutePurposes)[number];
export const gatewayRouteMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
/** Status: 1 in use, 0 switched off (the `valid_status` dictionary). */
export const gatewayRouteStatuses = ['1', '0'] as const;

export const gatewayRouteLimits = { timeoutMsMin: 100, timeoutMsMax: 60_000, headersMax: 20, headerValueMax: 1000, urlMax: 500, bodyStartBytes: 1024 } as const;

/** A header whose value is a credential: stored, used, but only ever answered masked. */
export const isSecretHeader = (name: string): boolean => /authorization|token|secret|password|passwd|api[-_]?key|cookie|signature|credential/i.test(name);

/** How a secret value is shown: bullets and at most its last four characters (none of a short one). */
export const maskSecret = (value: string): string => `••••••${value.length > 12 ? value.slice(-4) : ''}`;

/** RFC 7230 header names. */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/** Headers on the wire: a JSON object of header names to text values (empty or null: none). */
const headersField = optionalText(
  text()
    .max(8000, 'must be at most 8000 characters')
    .superRefine((value, context) => {
      if (value.trim() === '') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON object such as {"Authorization": "Bearer …"}' });
        return;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        context.addIssue({ code: 'custom', message: 'must be a JSON object such as {"Authorization": "Bearer …"}' });
        return;
      }
      const entries = Object.entries(parsed);
      if (entries.length > gatewayRouteLimits.headersMax) context.addIssue({ code: 'custom', message: `may hold at most ${gatewayRouteLimits.headersMax} headers` });
      for (const [name, headerValue] of entries) {
        if (!headerName.test(name)) context.addIssue({ code: 'custom', message: `"${name.slice(0, 40)}" is not a valid header name` });
        else if (typeof headerValue !== 'string') context.addIssue({ code: 'custom', message: `the value of "${name}" must be text` });
        else if (headerValue.length > gatewayRouteLimits.headerValueMax || /[\r\n\0]/.test(headerValue))
          {context.addIssue({ code: 'custom', message: `the value of "${name}" must be one line of at most ${gatewayRouteLimits.headerValueMax} characters` });}
      }
    }),
);

const gatewayRouteAddSchema = z.object({
  code: text({ error: 'is required' }).trim().min(1, 'is required').max(32, 'must be at most 32 characters').regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -'),
  name: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  purpose: z.enum(gatewayRoutePurposes, { error: 'must be tile, geocoder, sms, webhook or other' }),
  url: text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(gatewayRouteLimits.urlMax, `must be at most ${gatewayRouteLimits.urlMax} characters`)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'must be an http:// or https:// address'),
  method: z.enum(gatewayRouteMethods, { error: 'must be GET, POST, PUT, PATCH, DELETE or HEAD' }),
  headers: headersField,
  timeoutMs: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(gatewayRouteLimits.timeoutMsMin, `must be at least ${gatewayRouteLimits.timeoutMsMin}`)
    .max(gatewayRouteLimits.timeoutMsMax, `must be at most ${gatewayRouteLimits.timeoutMsMax}`),
  status: z.enum(gatewayRouteStatuses, { error: 'must be 1 (in use) or 0 (off)' }),
});

/**
 * Gateway routes (System → Gateway routes, administrators): named outbound HTTP integrations (tile
 * server, geocoder, SMS gateway, webhooks) with their headers and timeout. Secret header values are
 * sealed at rest and answered masked; an edit that sends a mask back keeps the stored value.
 */
export const gatewayRouteResource = defineResource({
  path: '/sys/gatewayRoute',
  tenancy: 'platform',
  table: 'sys_gateway_route',
  recordName: ['gateway route', '网关路由', 'Gateway-Route'],
  title: ['Gateway routes', '网关路由', 'Gateway-Routen'],
  record: z.object({
    id: text(),
    code: text(),
    name: text(),
    purpose: z.enum(gatewayRoutePurposes),
    purpose_dictText: text().nullable(),
    url: text(),
    method: z.enum(gatewayRouteMethods),
    /** JSON object; secret values masked. */
    headers: text().nullable(),
    timeoutMs: z.number().int(),
    status: z.enum(gatewayRouteStatuses),
    status_dictText: text().nullable(),
    ...auditFields,
  }),
  columns: {
    code: { type: 'text' },
    name: { type: 'text' },
    purpose: { type: 'text' },
    url: { type: 'text' },
    method: { type: 'text' },
    timeoutMs: { type: 'integer' },
    status: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: gatewayRouteAddSchema,
  edit: editSchemaOf(gatewayRouteAddSchema),
  permissions: {
    list: Permission.GatewayRouteList,
    add: Permission.GatewayRouteAdd,
    edit: Permission.GatewayRouteEdit,
    delete: Permission.GatewayRouteDelete,
  },
  dictionaries: { purpose: DictCode.GatewayRoutePurpose, status: DictCode.ValidStatus },
  unique: ['code', 'name'],
  labels: {
    code: ['Code', '编码', 'Code'],
    name: ['Name', '名称', 'Name'],
    purpose: ['Purpose', '用途', 'Zweck'],
    url: ['URL', '地址', 'URL'],
    method: ['Method', '请求方法', 'Methode'],
    headers: ['Headers (JSON)', '请求头（JSON）', 'Header (JSON)'],
    timeoutMs: ['Timeout (ms)', '超时（毫秒）', 'Zeitlimit (ms)'],
    status: ['Status', '状态', 'Status'],
    ...auditLabels,
  },
  sheet: ['code', 'name', 'purpose', 'url', 'method', 'timeoutMs', 'status', 'createTime'],
});
export type GatewayRouteRecord = z.infer<typeof gatewayRouteResource.record>;

/** `POST /sys/gatewayRoute/test`: call the route once as configured. */
export const gatewayRouteTestSchema = z.object({ id: fields.id }).strict();

/**
 * What the test call got: the status (null when no answer came), how long it took, the first bytes
 * of the body, and why it failed (timed out, refused…). A redirect is reported with its target, never followed.
 */
export const gatewayRouteTestResultSchema = z.object({
  url: text(),
  status: z.number().int().nullable(),
  statusText: text().nullable(),
  durationMs: z.number().int(),
  contentType: text().nullable(),
  /** The first bytes of the body: as text for textual types, else as hexadecimal (the first 64 bytes). */
  bodyStart: text(),
  bodyEncoding: z.enum(['text', 'hex']),
  bodyTruncated: z.boolean(),
  redirectTo: text().nullable(),
  timedOut: z.boolean(),
  error: text().nullable(),
});
export type GatewayRouteTestResult = z.infer<typeof gatewayRouteTestResultSchema>;

export const gatewayRouteEndpoints = {
  /** Call a route once as configured. */
  test: defineEndpoint({ method: 'POST', path: '/sys/gatewayRoute/test', body: gatewayRouteTestSchema, result: gatewayRouteTestResultSchema }),
};
