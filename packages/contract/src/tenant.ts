import { z } from 'zod';
import { DictCode } from './dict.js';
import { defineEndpoint } from './endpoint.js';
import { fields, optionalText } from './fields.js';
import { listQuerySchema, pageSchema } from './list-query.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource } from './resource.js';
import { text } from './text.js';
import { userRecordSchema } from './user.js';

/** Tenant status (`sys_tenant.status`, dictionary `tenant_status`): 1 normal, 0 frozen. */
export const TenantStatus = { Normal: 1, Frozen: 0 } as const;

/** A tenant's number (JeecgBoot's `sys_tenant.id` is an int); the form's text is read as a number. */
export const tenantIdField = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(2_147_483_647, 'must be at most 2147483647');

const validityTime = optionalText(text().pipe(z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' })));

const tenantFields = {
  name: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  /** The tenant's validity; either may be empty. */
  beginDate: validityTime,
  endDate: validityTime,
};
const validityInOrder = (value: { beginDate?: string | null | undefined; endDate?: string | null | undefined }) => !value.beginDate || !value.endDate || value.beginDate <= value.endDate;
const validityRefinement = { message: 'must not be before the begin date', path: ['endDate'] };

/** A new tenant: its number is chosen by the administrator (refused when taken) or, left empty, the next free one. */
const tenantAddSchema = z.object({ id: tenantIdField.optional(), ...tenantFields }).refine(validityInOrder, validityRefinement);
const tenantEditSchema = z
  .object({ id: tenantIdField, ...tenantFields })
  .partial({ name: true, beginDate: true, endDate: true })
  .refine(validityInOrder, validityRefinement);

/**
 * System administration: tenants (spec section 2 "tenants", JeecgBoot `/sys/tenant`). The list holds
 * the caller's own tenants only (the chosen one when the `tenant-id` header names one); freezing is
 * its own call (`frozenBatch`), since it ends the sessions working in the tenant.
 */
export const tenantResource = defineResource({
  path: '/sys/tenant',
  tenancy: 'shared',
  table: 'sys_tenant',
  recordName: ['tenant', '租户', 'Mandant'],
  title: ['Tenants', '租户管理', 'Mandanten'],
  record: z.object({
    id: z.number().int(),
    name: text(),
    beginDate: text().nullable(),
    endDate: text().nullable(),
    status: z.number().int(),
    status_dictText: text().nullable(),
    /** How many users belong to the tenant. */
    userCount: z.number().int(),
    ...auditFields,
  }),
  columns: {
    id: { type: 'integer' },
    name: { type: 'text' },
    status: { type: 'smallint' },
    beginDate: { type: 'date' },
    endDate: { type: 'date' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'id', order: 'asc' },
  add: tenantAddSchema,
  edit: tenantEditSchema,
  permissions: {
    list: Permission.TenantList,
    add: Permission.TenantAdd,
    edit: Permission.TenantEdit,
    delete: Permission.TenantDelete,
    export: Permission.TenantExport,
  },
  dictionaries: { status: DictCode.TenantStatus },
  labels: {
    id: ['Number', '租户编号', 'Nummer'],
    name: ['Name', '租户名称', 'Name'],
    beginDate: ['Valid from', '开始时间', 'Gültig ab'],
    endDate: ['Valid until', '结束时间', 'Gültig bis'],
    status: ['Status', '状态', 'Status'],
    userCount: ['Users', '用户数', 'Benutzer'],
    ...auditLabels,
  },
  sheet: ['id', 'name', 'status', 'beginDate', 'endDate', 'createTime'],
});
export type TenantRecord = z.infer<typeof tenantResource.record>;
export type TenantAddRequest = z.infer<typeof tenantResource.add>;
export type TenantEditRequest = z.infer<typeof tenantResource.edit>;

/** `PUT /sys/tenant/frozenBatch`: freeze (0) or unfreeze (1) tenants; a frozen tenant's users cannot work in it. */
export const tenantFreezeSchema = z.object({
  ids: fields.idList.min(1, 'is required').regex(/^\d+(,\d+)*$/, 'must be tenant numbers separated by commas'),
  status: z.union([z.literal(TenantStatus.Normal), z.literal(TenantStatus.Frozen)], { error: 'must be 1 (normal) or 0 (frozen)' }),
});
export type TenantFreezeRequest = z.infer<typeof tenantFreezeSchema>;

/** `GET /sys/tenant/queryList?ids=`: the listed tenants among the caller's own. */
export const tenantQueryListSchema = z.object({ ids: fields.idList.regex(/^(\d+(,\d+)*)?$/, 'must be tenant numbers separated by commas').optional() });

/** `POST /sys/tenant/addUsers` and `DELETE /sys/tenant/removeUsers`: users joining or leaving a tenant. */
export const tenantUsersSchema = z.object({ tenantId: tenantIdField, userIds: fields.idList.min(1, 'is required') });
export type TenantUsersRequest = z.infer<typeof tenantUsersSchema>;

/** The number a tenant's users list is filtered by (`GET /sys/tenant/userList?tenantId=`, with the list contract). */
export const tenantUserListQuerySchema = z.object({ tenantId: tenantIdField });

/** The tenant screen's own calls (besides the resource's): freezing, `queryList` and a tenant's users. */
export const tenantEndpoints = {
  /** Freeze (status 0) or unfreeze (1) tenants (ids comma-joined). */
  freeze: defineEndpoint({ method: 'PUT', path: '/sys/tenant/frozenBatch', body: tenantFreezeSchema, result: null }),
  /** The listed tenants (ids comma-joined; none: all) among those the caller sees. */
  queryList: defineEndpoint({ method: 'GET', path: '/sys/tenant/queryList', query: tenantQueryListSchema, result: z.array(tenantResource.record) }),
  /** A tenant's users (list contract, as the users list). */
  users: defineEndpoint({ method: 'GET', path: '/sys/tenant/userList', query: listQuerySchema.extend(tenantUserListQuerySchema.shape), result: pageSchema(userRecordSchema) }),
  /** Users join a tenant (userIds comma-joined). */
  addUsers: defineEndpoint({ method: 'POST', path: '/sys/tenant/addUsers', body: tenantUsersSchema, result: null }),
  /** Users leave a tenant (userIds comma-joined). */
  removeUsers: defineEndpoint({ method: 'DELETE', path: '/sys/tenant/removeUsers', query: tenantUsersSchema, result: null }),
};

export const TenantMessage = {
  idTaken: 'This number already exists',
  inUse: 'The tenant still has users and cannot be deleted; remove its users first',
  lastActive: 'You cannot freeze every tenant you work in',
  frozen: 'This tenant is frozen; contact your administrator',
} as const;
