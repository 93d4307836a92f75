import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields, optionalText } from './fields.js';
import { listQuerySchema, pageSchema } from './list-query.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';
import { roleOptionSchema, userRecordSchema } from './user.js';

const roleAddSchema = z.object({
  roleName: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  roleCode: text({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters').regex(/^[A-Za-z0-9_]+$/, 'may hold only letters, digits and _'),
  /** Empty clears it. */
  description: optionalText(text().trim().max(255, 'must be at most 255 characters')),
});

/** System administration: roles, the users holding them and the menus and buttons they grant (spec sections 2, 6, 7). */
export const roleResource = defineResource({
  path: '/sys/role',
  tenancy: 'tenant',
  table: 'sys_role',
  recordName: ['role', '角色', 'Rolle'],
  title: ['Roles', '角色管理', 'Rollen'],
  /** `tenantId` null: one of the platform's roles, which every tenant gives and only platform administrators change. */
  record: z.object({ id: text(), roleName: text(), roleCode: text(), description: text().nullable(), tenantId: z.number().int().nullable(), ...auditFields }),
  columns: {
    roleName: { type: 'text' },
    roleCode: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: roleAddSchema,
  edit: editSchemaOf(roleAddSchema),
  permissions: {
    list: Permission.RoleList,
    add: Permission.RoleAdd,
    edit: Permission.RoleEdit,
    delete: Permission.RoleDelete,
  },
  unique: ['roleCode'],
  labels: {
    roleName: ['Role name', '角色名称', 'Rollenname'],
    roleCode: ['Role code', '角色编码', 'Rollencode'],
    description: ['Description', '描述', 'Beschreibung'],
    ...auditLabels,
  },
  sheet: ['roleName', 'roleCode', 'description', 'createTime'],
});
export type RoleRecord = z.infer<typeof roleResource.record>;

/** `GET /sys/role/checkRoleCode`: whether a role code is still free, except for the role being edited (JeecgBoot's role form). */
export const checkRoleCodeQuerySchema = z.object({
  roleCode: text({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is too long'),
  id: fields.id.optional(),
});

/** `GET /sys/user/userRoleList`: the users holding a role, with the users list's own query (list contract). */
export const roleUserListQuerySchema = listQuerySchema.extend({ roleId: fields.id });

/** `POST /sys/user/addSysUserRole`: gives the role to these users. */
export const addRoleUsersRequestSchema = z.object({
  roleId: fields.id,
  userIdList: z.array(fields.id, { error: 'must be a list of user ids' }).min(1, 'is required').max(1000, 'has more than 1000 ids'),
});
export type AddRoleUsersRequest = z.input<typeof addRoleUsersRequestSchema>;

/** `DELETE /sys/user/deleteUserRole`: takes the role from one user. */
export const deleteRoleUserQuerySchema = z.object({ roleId: fields.id, userId: fields.id });

/** `DELETE /sys/user/deleteUserRoleBatch`: takes the role from several users (ids comma-joined). */
export const deleteRoleUsersQuerySchema = z.object({ roleId: fields.id, userIds: fields.idList.min(1, 'is required') });

/** A row of the permission tree in the role authorisation dialog (JeecgBoot TreeModel). */
export interface PermissionTreeNode {
  key: string;
  title: string;
  slotTitle?: string;
  isLeaf: boolean;
  icon: string | null;
  parentId: string | null;
  ruleFlag?: number;
  children: PermissionTreeNode[];
}
export const permissionTreeNodeSchema: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({
    key: text(),
    title: text(),
    slotTitle: text().optional(),
    isLeaf: z.boolean(),
    icon: text().nullable(),
    parentId: text().nullable(),
    ruleFlag: z.number().int().optional(),
    children: z.array(permissionTreeNodeSchema),
  }),
);

/** `GET /sys/permission/queryTreeList`: the whole menu and button tree, and every id in it. */
export const permissionTreeSchema = z.object({ treeList: z.array(permissionTreeNodeSchema), ids: z.array(text()) });
export type PermissionTree = z.infer<typeof permissionTreeSchema>;

/** `GET /sys/permission/queryRolePermission`. */
export const rolePermissionQuerySchema = z.object({ roleId: fields.id });

/**
 * `POST /sys/permission/saveRolePermission` (JeecgBoot): the role's new grants and the grants the
 * dialog loaded, both comma-joined; ids only in the new list are granted, ids only in the old one revoked.
 */
export const saveRolePermissionRequestSchema = z.object({
  roleId: fields.id,
  permissionIds: fields.idList,
  lastpermissionIds: fields.idList.optional(),
});
export type SaveRolePermissionRequest = z.input<typeof saveRolePermissionRequestSchema>;

/** The role screen's own calls (besides the resource's) and role authorisation (under /sys/permission). */
export const roleEndpoints = {
  /** The roles the caller may give (the user form): the platform's and its tenants' own. */
  options: defineEndpoint({ method: 'GET', path: '/sys/role/queryall', result: z.array(roleOptionSchema) }),
  /** Whether a role code is still free in the caller's tenant, except for the role being edited (the answer's code and message say). */
  checkRoleCode: defineEndpoint({ method: 'GET', path: '/sys/role/checkRoleCode', query: checkRoleCodeQuerySchema, result: null }),
  /** The whole menu and button tree, and every id in it (the role and department authorisation dialogs). */
  permissionTree: defineEndpoint({ method: 'GET', path: '/sys/permission/queryTreeList', result: permissionTreeSchema }),
  /** The same tree under JeecgBoot's role screen's name. */
  roleTree: defineEndpoint({ method: 'GET', path: '/sys/role/queryTreeList', result: permissionTreeSchema }),
  /** The menu and button ids a role grants. */
  grants: defineEndpoint({ method: 'GET', path: '/sys/permission/queryRolePermission', query: rolePermissionQuerySchema, result: z.array(text()) }),
  /** Grants the ids only in permissionIds and revokes the ids only in lastpermissionIds, in one transaction. */
  saveGrants: defineEndpoint({ method: 'POST', path: '/sys/permission/saveRolePermission', body: saveRolePermissionRequestSchema, result: null }),
};

/** The users of a role (System → Roles → Users; JeecgBoot serves them under /sys/user). */
export const roleUserEndpoints = {
  /** The users holding a role (list contract, as the users list). */
  list: defineEndpoint({ method: 'GET', path: '/sys/user/userRoleList', query: roleUserListQuerySchema, result: pageSchema(userRecordSchema) }),
  add: defineEndpoint({ method: 'POST', path: '/sys/user/addSysUserRole', body: addRoleUsersRequestSchema, result: null }),
  remove: defineEndpoint({ method: 'DELETE', path: '/sys/user/deleteUserRole', query: deleteRoleUserQuerySchema, result: null }),
  /** Takes the role from several users (ids comma-joined). */
  removeBatch: defineEndpoint({ method: 'DELETE', path: '/sys/user/deleteUserRoleBatch', query: deleteRoleUsersQuerySchema, result: null }),
};
