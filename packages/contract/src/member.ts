import { z } from 'zod';
import { AccountType, accountTypeSchema } from './account.js';
import { DictCode } from './dict.js';
import { defineEndpoint } from './endpoint.js';
import { fields } from './fields.js';
import { Permission, type PermissionCode } from './permissions.js';
import { defineResource, resourceIdQuerySchema, resourceIdsQuerySchema } from './resource.js';
import { resourcePaths } from './resource-paths.js';
import { text } from './text.js';
import { confirmsPassword, userFields, userListColumns, userRecordSchema, userResource } from './user.js';

/**
 * The account types each kind of caller may create on the Members screen (spec section 6): a
 * distributor its installers and end users, an installer its end users, an administrator any.
 */
export const creatableTypesOf: Record<AccountType, readonly AccountType[]> = {
  admin: [AccountType.Admin, AccountType.Distributor, AccountType.Installer, AccountType.EndUser],
  distributor: [AccountType.Installer, AccountType.EndUser],
  installer: [AccountType.EndUser],
  end_user: [],
};

/**
 * Button permissions a member may be granted beyond their role, by checkbox (spec section 6): the
 * remote commands and the care of stations, loggers and batteries. A grant is refused for any code
 * the granting account does not hold itself.
 */
export const memberGrantableCodes: readonly PermissionCode[] = [
  Permission.CommandRestart,
  Permission.CommandShutdown,
  Permission.CommandSettings,
  Permission.CommandUpgrade,
  Permission.StationAdd,
  Permission.StationEdit,
  Permission.StationDelete,
  Permission.LoggerEdit,
  Permission.LoggerUnbind,
  Permission.BatteryEdit,
  Permission.EventAcknowledge,
];

/** Columns of `/member/list` that may be filtered or sorted: the Users screen's, without roles, departments and tenants. */
export const memberListColumns = {
  username: userListColumns.username,
  realname: userListColumns.realname,
  company: userListColumns.company,
  phone: userListColumns.phone,
  email: userListColumns.email,
  accountType: userListColumns.accountType,
  superiorId: userListColumns.superiorId,
  status: userListColumns.status,
  createTime: userListColumns.createTime,
};

/** A member's own fields (spec section 3, "User account"); the account type is the role. */
const memberFields = {
  realname: userFields.realname,
  company: userFields.company,
  address: userFields.address,
  sex: userFields.sex,
  code: userFields.code,
  email: userFields.email,
  phone: userFields.phone,
};

export const memberAddRequestSchema = z
  .object({
    username: fields.username,
    password: fields.password,
    confirmpassword: text().max(128).optional(),
    ...memberFields,
    accountType: accountTypeSchema,
    /** The distributor or installer above the new account; none puts it under the caller (when the caller can stand above it). */
    superiorId: userFields.superiorId,
  })
  .refine(...confirmsPassword);
export type MemberAddRequest = z.input<typeof memberAddRequestSchema>;

/** Fields left out keep their values. Editing keeps the account type and the superior: a move (`/member/move`) changes the superior. */
export const memberEditRequestSchema = z.object({ id: fields.id, ...memberFields, realname: memberFields.realname.optional() });
export type MemberEditRequest = z.input<typeof memberEditRequestSchema>;

/** `POST /member/move`: puts a member under another installer or distributor the caller may see. */
export const memberMoveRequestSchema = z.object({ id: fields.id, superiorId: fields.id });
export type MemberMoveRequest = z.input<typeof memberMoveRequestSchema>;

/** An account a member may be created under or moved to (`/member/options`). */
export const memberSuperiorSchema = z.object({ id: text(), username: text(), realname: text(), accountType: accountTypeSchema });
export type MemberSuperior = z.infer<typeof memberSuperiorSchema>;

/** What the caller may do on the Members screen: the types it may create, and the accounts members may go under (itself first). */
export const memberOptionsSchema = z.object({ accountTypes: z.array(accountTypeSchema), superiors: z.array(memberSuperiorSchema) });
export type MemberOptions = z.infer<typeof memberOptionsSchema>;

/**
 * One grantable button of a member (`GET /member/permissions?id=`): `byRole` when their role gives it
 * anyway, `granted` when given to them by checkbox, `grantable` when the caller holds it itself.
 */
export const memberPermissionSchema = z.object({ id: text(), code: text(), name: text(), byRole: z.boolean(), granted: z.boolean(), grantable: z.boolean() });
export type MemberPermission = z.infer<typeof memberPermissionSchema>;

/** `PUT /member/permissions`: the member's checkbox grants, as permission row ids (those not listed are revoked). */
export const memberGrantRequestSchema = z.object({
  id: fields.id,
  permissionIds: z.array(fields.id, { error: 'must be a list of permission ids' }).max(100, 'has more than 100 ids'),
});
export type MemberGrantRequest = z.input<typeof memberGrantRequestSchema>;

/** Members (CRM, `/member/index`): the accounts below the caller; records are the Users screen's. */
export const memberResource = defineResource({
  path: resourcePaths.member,
  tenancy: 'tenant',
  table: 'member',
  // Spec section 2: the screen is titled CRM.
  title: ['CRM', '客户管理', 'Kunden (CRM)'],
  recordName: ['member', '客户', 'Kunde'],
  record: userRecordSchema,
  columns: memberListColumns,
  defaultSort: { column: 'createTime', order: 'desc' },
  add: memberAddRequestSchema,
  edit: memberEditRequestSchema,
  permissions: { list: Permission.MemberList, add: Permission.MemberAdd, edit: Permission.MemberEdit, delete: Permission.MemberDelete, export: Permission.MemberExport },
  dictionaries: { sex: DictCode.Sex, status: DictCode.UserStatus, accountType: 'account_type' },
  unique: ['username', 'email', 'phone'],
  // The Users screen's names; the account type is the member's role here.
  labels: { ...userResource.labels, accountType: ['Role', '角色', 'Rolle'] },
  sheet: ['username', 'realname', 'company', 'address', 'sex', 'code', 'email', 'phone', 'accountType', 'superiorName', 'status', 'createTime'],
});
export type MemberRecord = z.infer<typeof memberResource.record>;

/** The Members screen's own calls: creation and deletion (roles follow the account type; a deletion hands members on), moves, options and grants. */
export const memberEndpoints = {
  /** Create an account below the caller (the result: its id). */
  add: defineEndpoint({ method: 'POST', path: '/member/add', body: memberResource.add, result: text() }),
  /** Delete a member: stations stay; its members go to its successor. */
  delete: defineEndpoint({ method: 'DELETE', path: '/member/delete', query: resourceIdQuerySchema, result: null }),
  /** Delete several members (ids comma-joined). */
  deleteBatch: defineEndpoint({ method: 'DELETE', path: '/member/deleteBatch', query: resourceIdsQuerySchema, result: null }),
  /** Put a member under another installer or distributor. */
  move: defineEndpoint({ method: 'POST', path: '/member/move', body: memberMoveRequestSchema, result: null }),
  /** The account types the caller may create, and the accounts members may go under. */
  options: defineEndpoint({ method: 'GET', path: '/member/options', result: memberOptionsSchema }),
  /** A member's grantable buttons: by role, granted, grantable by the caller. */
  permissions: defineEndpoint({ method: 'GET', path: '/member/permissions', query: resourceIdQuerySchema, result: z.array(memberPermissionSchema) }),
  /** Set a member's checkbox grants (within what the caller holds). */
  grant: defineEndpoint({ method: 'PUT', path: '/member/permissions', body: memberGrantRequestSchema, result: null }),
};
