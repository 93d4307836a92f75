import { z } from 'zod';
import { text } from './text.js';
import { editInfoRequestSchema, userInfoSchema } from './auth.js';
import { fields, optionalText } from './fields.js';
import type { ListColumns } from './list-query.js';
import { DictCode } from './dict.js';
import { Permission } from './permissions.js';
import { auditLabels, defineResource } from './resource.js';
import { resourcePaths } from './resource-paths.js';
import { accountTypeSchema } from './account.js';
import { defineEndpoint } from './endpoint.js';

/** One row of the Users screen (`/sys/user/list`). */
export const userRecordSchema = userInfoSchema.extend({
  sex_dictText: text().nullable(),
  status_dictText: text(),
  roleNames: text(),
  /** The employee's work number (JeecgBoot's 工号), unique when given. */
  workNo: text().nullable(),
  /** admin, distributor, installer or end_user: what the user sees of stations and devices. */
  accountType: accountTypeSchema,
  accountType_dictText: text().nullable(),
  /** The distributor or installer above the account (spec section 6). */
  superiorId: text().nullable(),
  superiorName: text().nullable(),
  createBy: text().nullable(),
  updateTime: text().nullable(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** Columns of `/sys/user/list` that may be filtered or sorted. */
export const userListColumns = {
  username: { type: 'text' },
  realname: { type: 'text' },
  sex: { type: 'smallint' },
  email: { type: 'text' },
  phone: { type: 'text' },
  company: { type: 'text' },
  workNo: { type: 'text' },
  status: { type: 'smallint' },
  accountType: { type: 'text' },
  superiorId: { type: 'text' },
  createTime: { type: 'date' },
  updateTime: { type: 'date' },
} as const satisfies ListColumns;

/** The account fields the Users and Members forms share (each screen adds its own). */
export const userFields = {
  realname: fields.realname.min(1, 'is required'),
  email: optionalText(fields.email),
  phone: optionalText(fields.mobile),
  sex: fields.sex.nullable().optional(),
  company: optionalText(fields.company),
  address: optionalText(fields.address),
  avatar: optionalText(fields.avatar),
  code: optionalText(text().trim().max(32, 'must be at most 32 characters')),
  /** Role ids, comma-joined (JeecgBoot wire shape). */
  selectedroles: fields.idList.optional(),
  /** Department ids, comma-joined. */
  selecteddeparts: fields.idList.optional(),
  /** Where the account stands in the hierarchy; a distributor (or an installer, for an end user) above it. */
  accountType: accountTypeSchema.optional(),
  superiorId: optionalText(fields.id),
  /** Tenant ids, comma-joined. */
  relTenantIds: text()
    .regex(/^(\d+(,\d+)*)?$/, 'must be tenant numbers separated by commas')
    .optional(),
};

/** A new password's confirmation, when sent, must equal it (the refinement of every form that sets one). */
export const confirmsPassword: [(v: { password: string; confirmpassword?: string | undefined }) => boolean, { message: string; path: string[]; params: { messageKey: string } }] = [
  (v) => v.confirmpassword === undefined || v.confirmpassword === v.password,
  { message: 'must equal password', path: ['confirmpassword'], params: { messageKey: 'passwordMismatch' } },
];

/** The work number (JeecgBoot's console requires one; this console's form leaves it optional). */
const workNo = optionalText(text().trim().max(64, 'must be at most 64 characters'));

export const userAddRequestSchema = z
  .object({
    username: fields.username,
    password: fields.password,
    confirmpassword: text().max(128).optional(),
    ...userFields,
    workNo,
  })
  .refine(...confirmsPassword);
export type UserAddRequest = z.input<typeof userAddRequestSchema>;

export const userEditRequestSchema = z.object({ id: fields.id, ...userFields, workNo });

export const frozenBatchRequestSchema = z.object({
  ids: fields.idList.min(1, 'is required'),
  /** 1 unfreeze, 2 freeze. */
  status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' })),
});

export const idQuerySchema = z.object({ id: fields.id });

/** `checkOnlyUser`: exactly one of username, email or phone, and the id of the user being edited. */
export const checkOnlyUserQuerySchema = z
  .object({
    id: fields.id.optional(),
    username: text().trim().max(64).optional(),
    email: text().trim().max(100).optional(),
    phone: text().trim().max(32).optional(),
  })
  .refine((v) => [v.username, v.email, v.phone].filter((x) => x !== undefined).length === 1, {
    message: 'give exactly one of username, email or phone',
    path: ['username'],
  });

/** `/sys/duplicate/check`: a value of a declared resource field, and the record being edited. */
export const duplicateCheckQuerySchema = z.object({
  tableName: text({ error: 'is required' }).trim().min(1, 'is required').max(64),
  fieldName: text({ error: 'is required' }).trim().min(1, 'is required').max(64),
  fieldVal: text({ error: 'is required' }).trim().max(255),
  dataId: fields.id.optional(),
  _t: text().optional(),
});

/** The forms' duplicate check: success true when the value is free, false (HTTP 200) with the reason when taken. */
export const duplicateEndpoints = {
  check: defineEndpoint({ method: 'GET', path: '/sys/duplicate/check', query: duplicateCheckQuerySchema, result: null }),
};

/** Administrator sets another user's password (`/sys/user/changePassword`). */
export const adminChangePasswordRequestSchema = z
  .object({
    username: fields.username,
    password: fields.password,
    confirmpassword: text().max(128).optional(),
  })
  .refine((v) => v.confirmpassword === undefined || v.confirmpassword === v.password, { message: 'must equal password', path: ['confirmpassword'] });

export const recycleBinRestoreRequestSchema = z.object({ userIds: fields.idList.min(1, 'is required') });
export const recycleBinDeleteQuerySchema = z.object({ userIds: fields.idList.min(1, 'is required') });

/** `GET /sys/user/queryUserRole`: the user whose role ids are asked for. */
export const userRoleQuerySchema = z.object({ userid: fields.id });
/** `GET /sys/user/userDepartList`: the user whose departments are asked for. */
export const userDepartQuerySchema = z.object({ userId: fields.id });
/** One of a user's departments: its id (`key`) and name (`title`). */
export const userDepartOptionSchema = z.object({ key: text(), title: text() });

export const roleOptionSchema = z.object({
  id: text(),
  roleName: text(),
  roleCode: text(),
  description: text().nullable(),
});
export type RoleOption = z.infer<typeof roleOptionSchema>;

/** Uploaded-file answer: the stored path travels in `message` (JeecgBoot shape). */
export const uploadQuerySchema = z.object({
  biz: z.enum(['avatar', 'station', 'temp', 'ticket', 'jeditor']).optional(),
  isup: text().optional(),
});

// The department tree node (`DepartTreeNode`, `departTreeNodeSchema`) lives in depart.ts.

/** System administration: users (spec sections 2, 6 and 7). Its own service adds roles, departments, tenants and the recycle bin. */
export const userResource = defineResource({
  path: resourcePaths.user,
  tenancy: 'tenant',
  table: 'sys_user',
  recordName: ['user', '用户', 'Benutzer'],
  title: ['Users', '用户管理', 'Benutzer'],
  record: userRecordSchema,
  columns: userListColumns,
  defaultSort: { column: 'createTime', order: 'desc' },
  add: userAddRequestSchema,
  edit: userEditRequestSchema,
  permissions: { list: Permission.UserList, add: Permission.UserAdd, edit: Permission.UserEdit, delete: Permission.UserDelete, export: Permission.UserExport },
  dictionaries: { sex: DictCode.Sex, status: DictCode.UserStatus, accountType: 'account_type' },
  unique: ['username', 'email', 'phone', 'workNo'],
  labels: {
    username: ['User name', '用户名', 'Benutzername'],
    workNo: ['Work number', '工号', 'Personalnummer'],
    realname: ['Real name', '真实姓名', 'Name'],
    avatar: ['Avatar', '头像', 'Profilbild'],
    sex: ['Gender', '性别', 'Geschlecht'],
    email: ['Email', '邮箱', 'E-Mail'],
    phone: ['Phone', '手机号', 'Telefon'],
    company: ['Company', '公司', 'Firma'],
    address: ['Address', '地址', 'Adresse'],
    code: ['User code', '用户编码', 'Benutzercode'],
    roleNames: ['Roles', '角色', 'Rollen'],
    accountType: ['Account type', '账户类型', 'Kontotyp'],
    superiorId: ['Superior', '上级', 'Übergeordnet'],
    superiorName: ['Superior', '上级', 'Übergeordnet'],
    password: ['Password', '登录密码', 'Passwort'],
    confirmpassword: ['Confirm password', '确认密码', 'Passwort bestätigen'],
    selectedroles: ['Roles', '角色', 'Rollen'],
    selecteddeparts: ['Departments', '所属部门', 'Abteilungen'],
    orgCodeTxt: ['Departments', '部门', 'Abteilungen'],
    status: ['Status', '状态', 'Status'],
    ...auditLabels,
  },
  sheet: ['username', 'realname', 'sex', 'email', 'phone', 'company', 'roleNames', 'accountType', 'superiorName', 'status', 'createTime'],
});

/** The Users screen's calls beside the kit's (freeze, recycle bin, passwords, roles and departments) and the own profile. */
export const userEndpoints = {
  /** Freeze (status 2) or unfreeze (1) users. */
  frozenBatch: defineEndpoint({ method: 'PUT', path: '/sys/user/frozenBatch', body: frozenBatchRequestSchema, result: null }),
  recycleBin: defineEndpoint({ method: 'GET', path: '/sys/user/recycleBin', result: z.array(userRecordSchema) }),
  /** Restore users from the recycle bin. */
  restoreRecycleBin: defineEndpoint({ method: 'PUT', path: '/sys/user/putRecycleBin', body: recycleBinRestoreRequestSchema, result: null }),
  /** Delete users in the recycle bin for good. */
  deleteRecycleBin: defineEndpoint({ method: 'DELETE', path: '/sys/user/deleteRecycleBin', query: recycleBinDeleteQuerySchema, result: null }),
  /** Whether a user name, e-mail or mobile is free (success false, HTTP 200, when taken). */
  checkOnlyUser: defineEndpoint({ method: 'GET', path: '/sys/user/checkOnlyUser', query: checkOnlyUserQuerySchema, result: null }),
  /** An administrator sets another user's password. */
  changePassword: defineEndpoint({ method: 'PUT', path: '/sys/user/changePassword', body: adminChangePasswordRequestSchema, result: null }),
  /**
   * A new, unused user id (JeecgBoot's Users → Add form asks for one). The add assigns the user's id
   * itself: an \`id\` in its body is dropped, like any key the form does not take.
   */
  generateUserId: defineEndpoint({ method: 'GET', path: '/sys/user/generateUserId', result: text() }),
  queryById: defineEndpoint({ method: 'GET', path: '/sys/user/queryById', query: idQuerySchema, result: userInfoSchema }),
  /** A user's role ids. */
  roleIds: defineEndpoint({ method: 'GET', path: '/sys/user/queryUserRole', query: userRoleQuerySchema, result: z.array(text()) }),
  departs: defineEndpoint({ method: 'GET', path: '/sys/user/userDepartList', query: userDepartQuerySchema, result: z.array(userDepartOptionSchema) }),
  /** Edit your own profile. */
  editInfo: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/user/edit_info', body: editInfoRequestSchema, result: userInfoSchema }),
};
