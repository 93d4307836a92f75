import { z } from 'zod';
import { announcementResource } from './announcement.js';
import { batteryChangeResource } from './battery-change.js';
import { dictResource } from './dict.js';
import { defineEndpoint } from './endpoint.js';
import { eventResource } from './event.js';
import { fields, optionalText } from './fields.js';
import { batteryResource } from './battery.js';
import { loggerResource } from './logger.js';
import { firmwareResource } from './firmware.js';
import { listQuerySchema, pageSchema, type ListColumnType } from './list-query.js';
import { logResource } from './log.js';
import { memberResource } from './member.js';
import { outboxResource } from './outbox.js';
import { Permission } from './permissions.js';
import { positionResource } from './position.js';
import { type Resource, type Words, auditFields, auditLabels, defineResource, editSchemaOf, resourceIdQuerySchema } from './resource.js';
import { permissionTreeSchema, roleResource } from './role.js';
import { stationResource } from './station.js';
import { text } from './text.js';
import { ticketResource } from './ticket.js';
import { userRecordSchema, userResource } from './user.js';

/**
 * Data rules (row-level permissions, JeecgBoot `sys_permission_data_rule`): a rule on a menu narrows
 * that menu's list for the roles (and department roles) that chose it. A rule compares one of the
 * list's filterable columns with a literal or with a field of the signed-in user, always as a bound
 * value. JeecgBoot's `USE_SQL_RULES` (a raw SQL fragment typed by an administrator and pasted into
 * every query) is deliberately not offered: it would let anyone holding the menu editor run SQL.
 */
export const dataRuleOperators = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const;
export type DataRuleOperator = (typeof dataRuleOperators)[number];

/** The user fields a rule value may name (`#{name}`), as JeecgBoot calls them, with what each is. */
export const dataRuleVariables = {
  sys_user_code: ['Your user name', '当前用户账号', 'Ihr Benutzername'],
  sys_user_name: ['Your real name', '当前用户姓名', 'Ihr Name'],
  sys_org_code: ['Your current department code', '当前部门编码', 'Ihr aktueller Abteilungscode'],
  sys_multi_org_code: ['All your department codes, comma-joined', '所有部门编码（逗号分隔）', 'Alle Ihre Abteilungscodes, durch Kommas getrennt'],
  sys_date: ['Today (YYYY-MM-DD)', '当前日期（YYYY-MM-DD）', 'Heute (JJJJ-MM-TT)'],
  sys_time: ['Now (YYYY-MM-DD HH:mm:ss)', '当前时间（YYYY-MM-DD HH:mm:ss）', 'Jetzt (JJJJ-MM-TT HH:mm:ss)'],
  tenant_id: ['Your current tenant', '当前租户', 'Ihr aktueller Mandant'],
} as const satisfies Record<string, Words>;
export type DataRuleVariable = keyof typeof dataRuleVariables;

/** `status`: '1' in force, '0' off. */
export const DataRuleStatus = { Active: '1', Inactive: '0' } as const;

export const dataRuleAddSchema = z.object({
  permissionId: fields.id,
  ruleName: text({ error: 'is required' }).trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  /** A filterable list column of the menu's screen (its wire name); checked by the server. */
  ruleColumn: text({ error: 'is required' }).trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  ruleConditions: z.enum(dataRuleOperators, { error: `must be one of ${dataRuleOperators.join(', ')} (raw SQL rules are not supported)` }),
  ruleValue: text({ error: 'is required' }).trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
  status: z.enum([DataRuleStatus.Active, DataRuleStatus.Inactive], { error: 'must be 1 (active) or 0 (inactive)' }).optional(),
});
export const dataRuleEditSchema = editSchemaOf(dataRuleAddSchema).omit({ permissionId: true });
export type DataRuleAdd = z.input<typeof dataRuleAddSchema>;
export type DataRuleEdit = z.input<typeof dataRuleEditSchema>;

export const dataRuleRecordSchema = z.object({
  id: text(),
  permissionId: text(),
  ruleName: text(),
  ruleColumn: text(),
  ruleConditions: text(),
  ruleValue: text(),
  status: text(),
  ...auditFields,
});
export type DataRuleRecord = z.infer<typeof dataRuleRecordSchema>;

/** `GET /sys/permission/getPermRuleListByPermId`. */
export const dataRuleListQuerySchema = z.object({ permissionId: fields.id });
/** `GET /sys/permission/queryPermissionRule`: a menu's rules whose name and value hold the given texts. */
export const dataRuleSearchQuerySchema = z.object({
  permissionId: fields.id,
  ruleName: optionalText(text().trim().max(50, 'is too long')),
  ruleValue: optionalText(text().trim().max(300, 'is too long')),
});

/** One column a menu's rules may name, from its screen's list (`dataRuleColumnsOf`). */
export interface DataRuleColumn {
  name: string;
  type: ListColumnType;
  label?: Words;
}

/**
 * The screens whose lists apply data rules, found by their list permission code (a menu is a
 * screen's menu when one of its buttons carries that code). A screen that is not here has no list
 * to narrow; a rule on its menu is refused.
 */
const ruleResources: readonly Resource[] = [
  userResource,
  memberResource,
  stationResource,
  loggerResource,
  batteryResource,
  eventResource,
  ticketResource,
  batteryChangeResource,
  positionResource,
  roleResource,
  logResource,
  firmwareResource,
  announcementResource,
  outboxResource,
  dictResource,
];

/** The filterable columns of the screen whose list one of `codes` guards; undefined when none does. */
export const dataRuleColumnsOf = (codes: readonly string[]): DataRuleColumn[] | undefined => {
  const resource = ruleResources.find((candidate) => codes.includes(candidate.permissions.list));
  if (!resource) return undefined;
  const labels = resource.labels as Record<string, Words | undefined>;
  return Object.entries(resource.columns)
    .filter(([, column]) => column.filterable !== false)
    .map(([name, column]) => ({ name, type: column.type, ...(labels[name] ? { label: labels[name] } : {}) }));
};

/** `GET /sys/permission/dataRuleColumns?permissionId=`: the columns a menu's rules may name (empty: none can be written). */
export const dataRuleColumnSchema = z.object({ name: text(), type: text(), label: z.array(text()).readonly().optional() });

/** `GET /sys/role/datarule/{permissionId}/{roleId}` (and the department equivalents): the menu's rules and the chosen ones. */
export const dataRuleChoiceSchema = z.object({ datarule: z.array(dataRuleRecordSchema), drChecked: text() });
export type DataRuleChoice = z.infer<typeof dataRuleChoiceSchema>;

/** `POST /sys/role/datarule`: the rules (comma-joined ids, '' for none) a role applies on a menu it holds. */
export const roleDataRuleRequestSchema = z.object({ permissionId: fields.id, roleId: fields.id, dataRuleIds: fields.idList });
/** `POST /sys/sysDepartPermission/datarule`: the rules a department offers on a menu it holds. */
export const departDataRuleRequestSchema = z.object({ permissionId: fields.id, departId: fields.id, dataRuleIds: fields.idList });
export const dataRuleChoicePathSchema = z.object({ permissionId: fields.id, roleId: fields.id });
export const departDataRulePathSchema = z.object({ permissionId: fields.id, departId: fields.id });

/** `GET /sys/permission/queryDepartPermission?departId=`. */
export const departPermissionQuerySchema = z.object({ departId: fields.id });
/** `POST /sys/permission/saveDepartPermission`: as saveRolePermission, for a department. */
export const saveDepartPermissionRequestSchema = z.object({ departId: fields.id, permissionIds: fields.idList, lastpermissionIds: fields.idList.optional() });
export type SaveDepartPermissionRequest = z.input<typeof saveDepartPermissionRequestSchema>;

/** `GET /sys/sysDepartPermission/queryTreeListForDeptRole?departId=`: the department's menus as a tree, and their ids. */
export const deptRoleTreeQuerySchema = z.object({ departId: fields.id });
/** `GET /sys/sysDepartPermission/queryDeptRolePermission?roleId=`. */
export const deptRolePermissionQuerySchema = z.object({ roleId: fields.id });
/** `POST /sys/sysDepartPermission/saveDeptRolePermission`. */
export const saveDeptRolePermissionRequestSchema = z.object({ roleId: fields.id, permissionIds: fields.idList, lastpermissionIds: fields.idList.optional() });
export type SaveDeptRolePermissionRequest = z.input<typeof saveDeptRolePermissionRequestSchema>;

const departRoleAddSchema = z.object({
  departId: fields.id,
  roleName: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  roleCode: text({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters').regex(/^[A-Za-z0-9_]+$/, 'may hold only letters, digits and _'),
  description: optionalText(text().trim().max(255, 'must be at most 255 characters')),
});

/** Department roles (JeecgBoot `/sys/sysDepartRole`): roles kept by a department, given only what the department holds. */
export const departRoleResource = defineResource({
  path: '/sys/sysDepartRole',
  tenancy: 'tenant',
  table: 'sys_depart_role',
  recordName: ['department role', '部门角色', 'Abteilungsrolle'],
  title: ['Department roles', '部门角色', 'Abteilungsrollen'],
  record: z.object({ id: text(), departId: text(), roleName: text(), roleCode: text(), description: text().nullable(), ...auditFields }),
  columns: {
    departId: { type: 'text', sortable: false },
    roleName: { type: 'text' },
    roleCode: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: departRoleAddSchema,
  edit: editSchemaOf(departRoleAddSchema.omit({ departId: true })),
  permissions: { list: Permission.DepartRoleList, add: Permission.DepartRoleEdit, edit: Permission.DepartRoleEdit, delete: Permission.DepartRoleEdit },
  unique: ['roleCode'],
  labels: {
    departId: ['Department', '部门', 'Abteilung'],
    roleName: ['Role name', '角色名称', 'Rollenname'],
    roleCode: ['Role code', '角色编码', 'Rollencode'],
    description: ['Description', '描述', 'Beschreibung'],
    ...auditLabels,
  },
  sheet: ['roleName', 'roleCode', 'description', 'createTime'],
});
export type DepartRoleRecord = z.infer<typeof departRoleResource.record>;

/** `GET /sys/sysDepartRole/userList?roleId=` (list contract, as the users list). */
export const departRoleUserListQuerySchema = listQuerySchema.extend({ roleId: fields.id });
/** `POST /sys/sysDepartRole/addUsers`: gives the department role to users of its department. */
export const departRoleUsersRequestSchema = z.object({
  roleId: fields.id,
  userIdList: z.array(fields.id, { error: 'must be a list of user ids' }).min(1, 'is required').max(1000, 'has more than 1000 ids'),
});
/** `DELETE /sys/sysDepartRole/removeUsers?roleId=&userIds=`. */
export const departRoleUsersRemoveQuerySchema = z.object({ roleId: fields.id, userIds: fields.idList.min(1, 'is required') });

/** The data rules of menus (under /sys/permission) and a role's choice of them (under /sys/role). */
export const dataRuleEndpoints = {
  /** A menu's data rules. */
  list: defineEndpoint({ method: 'GET', path: '/sys/permission/getPermRuleListByPermId', query: dataRuleListQuerySchema, result: z.array(dataRuleRecordSchema) }),
  /** A menu's data rules whose name and value hold the given texts. */
  search: defineEndpoint({ method: 'GET', path: '/sys/permission/queryPermissionRule', query: dataRuleSearchQuerySchema, result: z.array(dataRuleRecordSchema) }),
  /** The list columns a menu's data rules may name (empty: the menu has no list to narrow). */
  columns: defineEndpoint({ method: 'GET', path: '/sys/permission/dataRuleColumns', query: dataRuleListQuerySchema, result: z.array(dataRuleColumnSchema) }),
  add: defineEndpoint({ method: 'POST', path: '/sys/permission/addPermissionRule', body: dataRuleAddSchema, result: null }),
  edit: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/permission/editPermissionRule', body: dataRuleEditSchema, result: null }),
  /** Deletes a data rule and every choice of it. */
  delete: defineEndpoint({ method: 'DELETE', path: '/sys/permission/deletePermissionRule', query: resourceIdQuerySchema, result: null }),
  /** A menu's data rules and those the role applies (drChecked, comma-joined). */
  roleChoice: defineEndpoint({ method: 'GET', path: '/sys/role/datarule/:permissionId/:roleId', params: dataRuleChoicePathSchema, result: dataRuleChoiceSchema }),
  /** The data rules a role applies on a menu it holds. */
  saveRoleChoice: defineEndpoint({ method: 'POST', path: '/sys/role/datarule', body: roleDataRuleRequestSchema, result: null }),
};

/**
 * Department permissions (JeecgBoot: under /sys/permission and /sys/sysDepartPermission) and the
 * calls of department roles besides the resource's (/sys/sysDepartRole): their grants within the
 * department's, their data rules and their users.
 */
export const departRoleEndpoints = {
  /** The menu and button ids a department holds. */
  departGrants: defineEndpoint({ method: 'GET', path: '/sys/permission/queryDepartPermission', query: departPermissionQuerySchema, result: z.array(text()) }),
  /** Grants the ids only in permissionIds and revokes the ids only in lastpermissionIds to a department, in one transaction. */
  saveDepartGrants: defineEndpoint({ method: 'POST', path: '/sys/permission/saveDepartPermission', body: saveDepartPermissionRequestSchema, result: null }),
  /** A menu's data rules and those the department offers its roles. */
  departChoice: defineEndpoint({ method: 'GET', path: '/sys/sysDepartPermission/datarule/:permissionId/:departId', params: departDataRulePathSchema, result: dataRuleChoiceSchema }),
  /** The data rules a department offers its roles on a menu it holds. */
  saveDepartChoice: defineEndpoint({ method: 'POST', path: '/sys/sysDepartPermission/datarule', body: departDataRuleRequestSchema, result: null }),
  /** The department's menus and buttons as a tree, and their ids: what its roles may be given. */
  departTree: defineEndpoint({ method: 'GET', path: '/sys/sysDepartPermission/queryTreeListForDeptRole', query: deptRoleTreeQuerySchema, result: permissionTreeSchema }),
  /** The menu and button ids a department role grants. */
  roleGrants: defineEndpoint({ method: 'GET', path: '/sys/sysDepartPermission/queryDeptRolePermission', query: deptRolePermissionQuerySchema, result: z.array(text()) }),
  /** Grants and revokes a department role's menus and buttons, within its department's. */
  saveRoleGrants: defineEndpoint({ method: 'POST', path: '/sys/sysDepartPermission/saveDeptRolePermission', body: saveDeptRolePermissionRequestSchema, result: null }),
  /** The rules the role's department offers on a menu, and those the role applies. */
  roleChoice: defineEndpoint({ method: 'GET', path: '/sys/sysDepartRole/datarule/:permissionId/:roleId', params: dataRuleChoicePathSchema, result: dataRuleChoiceSchema }),
  /** The data rules a department role applies on a menu it holds. */
  saveRoleChoice: defineEndpoint({ method: 'POST', path: '/sys/sysDepartRole/datarule', body: roleDataRuleRequestSchema, result: null }),
  /** The users holding a department role (list contract, as the users list). */
  users: defineEndpoint({ method: 'GET', path: '/sys/sysDepartRole/userList', query: departRoleUserListQuerySchema, result: pageSchema(userRecordSchema) }),
  /** Gives a department role to users of its department. */
  addUsers: defineEndpoint({ method: 'POST', path: '/sys/sysDepartRole/addUsers', body: departRoleUsersRequestSchema, result: null }),
  /** Takes a department role from users (ids comma-joined). */
  removeUsers: defineEndpoint({ method: 'DELETE', path: '/sys/sysDepartRole/removeUsers', query: departRoleUsersRemoveQuerySchema, result: null }),
};
