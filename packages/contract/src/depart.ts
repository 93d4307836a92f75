import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields, optionalText } from './fields.js';
import { listQuerySchema, pageSchema } from './list-query.js';
import { Permission } from './permissions.js';
import { auditFields, auditLabels, defineResource, editSchemaOf, resourceIdQuerySchema, resourceIdsQuerySchema } from './resource.js';
import { text } from './text.js';
import { userRecordSchema } from './user.js';

/** `org_category`: '1' company, '2' department, '3' post. */
export const OrgCategory = { Company: '1', Department: '2', Post: '3' } as const;
/** `status`: '1' enabled, '0' disabled. */
export const DepartStatus = { Enabled: '1', Disabled: '0' } as const;

/** Optional free text of at most `max` characters: '' and null clear it. */
const optionalUpTo = (max: number) => optionalText(text().trim().max(max, `must be at most ${max} characters`));

const departAddSchema = z.object({
  /** The parent department; none (or '') makes a root. Fixed once the department exists. */
  parentId: optionalText(fields.id),
  departName: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  departNameEn: optionalUpTo(100),
  departOrder: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0').max(99_999, 'must be at most 99999').optional(),
  orgCategory: z.enum([OrgCategory.Company, OrgCategory.Department, OrgCategory.Post], { error: 'must be 1 (company), 2 (department) or 3 (post)' }).optional(),
  mobile: optionalText(text().trim().max(32, 'must be at most 32 characters').regex(/^[0-9+()\- ]+$/, 'may hold only digits, spaces and + - ( )')),
  fax: optionalUpTo(32),
  address: optionalUpTo(100),
  description: optionalUpTo(500),
  memo: optionalUpTo(500),
  status: z.enum([DepartStatus.Enabled, DepartStatus.Disabled], { error: 'must be 1 (enabled) or 0 (disabled)' }).optional(),
});

export const departRecordSchema = z.object({
  id: text(),
  parentId: text().nullable(),
  departName: text(),
  departNameEn: text().nullable(),
  /** Hierarchical and unique, generated on add: roots A01, A02…; children of A01 are A01A01, A01A02… */
  orgCode: text(),
  departOrder: z.number().int(),
  orgCategory: text(),
  mobile: text().nullable(),
  fax: text().nullable(),
  address: text().nullable(),
  description: text().nullable(),
  memo: text().nullable(),
  status: text(),
  ...auditFields,
});
export type DepartRecord = z.infer<typeof departRecordSchema>;

/**
 * System administration: departments (spec section 2; JeecgBoot `/sys/sysDepart`). A tree screen
 * with its own calls (queryTreeList, searchBy, queryIdTree, add, edit, delete, deleteBatch) and no
 * paged list or spreadsheet: the resource gives the forms their path, schemas, permissions and labels.
 */
export const departResource = defineResource({
  path: '/sys/sysDepart',
  tenancy: 'tenant',
  table: 'sys_depart',
  title: ['Departments', '部门管理', 'Abteilungen'],
  recordName: ['department', '部门', 'Abteilung'],
  record: departRecordSchema,
  columns: {
    departName: { type: 'text' },
    orgCode: { type: 'text' },
    departOrder: { type: 'integer' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'departOrder', order: 'asc' },
  add: departAddSchema,
  edit: editSchemaOf(departAddSchema),
  permissions: { list: Permission.DepartList, add: Permission.DepartAdd, edit: Permission.DepartEdit, delete: Permission.DepartDelete },
  labels: {
    parentId: ['Parent department', '上级部门', 'Übergeordnete Abteilung'],
    departName: ['Name', '机构名称', 'Name'],
    departNameEn: ['English name', '英文名', 'Englischer Name'],
    orgCode: ['Organisation code', '机构编码', 'Organisationscode'],
    departOrder: ['Sort order', '排序', 'Reihenfolge'],
    orgCategory: ['Kind', '机构类型', 'Art'],
    mobile: ['Phone', '电话', 'Telefon'],
    fax: ['Fax', '传真', 'Fax'],
    address: ['Address', '地址', 'Adresse'],
    description: ['Description', '描述', 'Beschreibung'],
    memo: ['Remarks', '备注', 'Bemerkungen'],
    status: ['Status', '状态', 'Status'],
    ...auditLabels,
  },
  sheet: ['departName', 'orgCode', 'departOrder', 'createTime'],
});

/** A department in the tree (`queryTreeList`, `searchBy`; JeecgBoot `SysDepartTreeModel`: `key`/`value` = id, `title` = name). */
export interface DepartTreeNode extends DepartRecord {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children: DepartTreeNode[];
}
export const departTreeNodeSchema: z.ZodType<DepartTreeNode> = z.lazy(() =>
  departRecordSchema.extend({
    key: text(),
    value: text(),
    title: text(),
    isLeaf: z.boolean(),
    children: z.array(departTreeNodeSchema),
  }),
);

/** A node of `queryIdTree` (JeecgBoot `DepartIdModel`), for tree selects. */
export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  children: DepartIdNode[];
}
export const departIdNodeSchema: z.ZodType<DepartIdNode> = z.lazy(() =>
  z.object({ key: text(), value: text(), title: text(), children: z.array(departIdNodeSchema) }),
);

/** `queryDepartTreeSync`: the department whose children to load (none or empty: the roots). */
export const departTreeSyncQuerySchema = z.object({ pid: z.union([fields.id, z.literal('')]).optional(), _t: text().optional() });

export const departSearchQuerySchema = z.object({
  keyWord: text().trim().max(100, 'must be at most 100 characters').optional(),
  _t: text().optional(),
});

/** `GET /sys/user/departUserList`: the list contract over the users of department `depId`. */
export const departUserListQuerySchema = listQuerySchema.extend({ depId: fields.id });

/** `POST /sys/user/editSysDepartWithUser`: users to add to a department. */
export const departUsersAddRequestSchema = z.object({
  depId: fields.id,
  userIdList: z.array(fields.id, { error: 'must be a list of user ids' }).min(1, 'is required').max(1000, 'has more than 1000 ids'),
});

/** `DELETE /sys/user/deleteUserInDepartBatch`: users to take out of a department. */
export const departUsersRemoveQuerySchema = z.object({
  depId: fields.id,
  userIds: fields.idList.min(1, 'is required'),
});

/** `GET /sys/user/queryUserByDepId`: the users of one department, optionally by real name (part of it). */
export const usersByDepartQuerySchema = z.object({
  id: fields.id,
  realname: text().trim().max(100, 'must be at most 100 characters').optional(),
  _t: text().optional(),
});

/** The department screen's calls (JeecgBoot `/sys/sysDepart`): a tree, no paged list. */
export const departEndpoints = {
  /** The whole department tree. */
  tree: defineEndpoint({ method: 'GET', path: '/sys/sysDepart/queryTreeList', result: z.array(departTreeNodeSchema) }),
  /** Departments whose name holds keyWord (any case), as flat tree nodes; without keyWord the roots. */
  search: defineEndpoint({ method: 'GET', path: '/sys/sysDepart/searchBy', query: departSearchQuerySchema, result: z.array(departTreeNodeSchema) }),
  /** One level of the tree, loaded as it opens: the children of `pid` (the roots without it), each with `isLeaf`. */
  treeSync: defineEndpoint({ method: 'GET', path: '/sys/sysDepart/queryDepartTreeSync', query: departTreeSyncQuerySchema, result: z.array(departTreeNodeSchema) }),
  /** The department tree for tree selects (key, value, title, children). */
  idTree: defineEndpoint({ method: 'GET', path: '/sys/sysDepart/queryIdTree', result: z.array(departIdNodeSchema) }),
  /** Adds a department (below parentId, else a root) with a generated org code; the answer is its id. */
  add: defineEndpoint({ method: 'POST', path: '/sys/sysDepart/add', body: departResource.add, result: text() }),
  /** Edits a department; its parent cannot change. */
  edit: defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/sysDepart/edit', body: departResource.edit, result: null }),
  /** Deletes a department without sub-departments; its user links go too. */
  delete: defineEndpoint({ method: 'DELETE', path: '/sys/sysDepart/delete', query: resourceIdQuerySchema, result: null }),
  /** Deletes departments (ids comma-joined); each sub-department must be among them. */
  deleteBatch: defineEndpoint({ method: 'DELETE', path: '/sys/sysDepart/deleteBatch', query: resourceIdsQuerySchema, result: null }),
};

/** The users of a department (System → Departments → Users; JeecgBoot serves them under /sys/user). */
export const departUserEndpoints = {
  /** The users of department depId (list contract, as the users list). */
  list: defineEndpoint({ method: 'GET', path: '/sys/user/departUserList', query: departUserListQuerySchema, result: pageSchema(userRecordSchema) }),
  /** The users of a department for the user picker (at most 1000), optionally by real name. */
  byDepart: defineEndpoint({ method: 'GET', path: '/sys/user/queryUserByDepId', query: usersByDepartQuerySchema, result: z.array(userRecordSchema) }),
  add: defineEndpoint({ method: 'POST', path: '/sys/user/editSysDepartWithUser', body: departUsersAddRequestSchema, result: null }),
  /** Takes users out of a department (userIds comma-joined). */
  remove: defineEndpoint({ method: 'DELETE', path: '/sys/user/deleteUserInDepartBatch', query: departUsersRemoveQuerySchema, result: null }),
};
