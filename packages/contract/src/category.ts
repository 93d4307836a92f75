import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { listQuerySchema, pageSchema } from './list-query.js';
import { Permission } from './permissions.js';
import { type Words, auditFields, auditLabels, defineResource } from './resource.js';
import { text } from './text.js';

/** The parent id of a root category (JeecgBoot's '0'). */
export const categoryRootPid = '0';

/** The spec's message (section 5) when a category select's `condition` is not a JSON string. */
export const categoryConditionMessage: Words = [
  'JTreeSelect component: the condition must be a JSON string!',
  '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  'Komponente JTreeSelect: condition muss ein JSON-String sein!',
];

const pid = text().trim().max(36, 'must be at most 36 characters');

const categoryAddSchema = z.object({
  /** The parent category; '0' or empty for a root. */
  pid: pid.optional(),
  name: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
});
/** Edit renames and may move the node under another parent (its code and its subtree's codes follow). */
const categoryEditSchema = z.object({ id: text({ error: 'is required' }).trim().min(1, 'is required').max(36, 'must be at most 36 characters'), pid: pid.optional(), name: categoryAddSchema.shape.name.optional() });

/** Categories (spec sections 2 and 7, JeecgBoot's SysCategory): a tree with hierarchical codes A01, A01A01 …, per tenant. */
export const categoryResource = defineResource({
  path: '/sys/category',
  tenancy: 'tenant',
  table: 'sys_category',
  recordName: ['category', '分类', 'Kategorie'],
  title: ['Categories', '分类字典', 'Kategorien'],
  record: z.object({ id: text(), pid: text(), name: text(), code: text(), hasChild: z.enum(['0', '1']), ...auditFields }),
  columns: {
    pid: { type: 'text' },
    name: { type: 'text' },
    code: { type: 'text' },
    hasChild: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'code', order: 'asc' },
  add: categoryAddSchema,
  edit: categoryEditSchema,
  permissions: {
    list: Permission.CategoryList,
    add: Permission.CategoryAdd,
    edit: Permission.CategoryEdit,
    delete: Permission.CategoryDelete,
    export: Permission.CategoryExport,
  },
  labels: {
    pid: ['Parent', '父级节点', 'Übergeordnet'],
    name: ['Name', '分类名称', 'Name'],
    code: ['Code', '分类编码', 'Code'],
    hasChild: ['Has children', '有子节点', 'Hat Unterknoten'],
    ...auditLabels,
  },
  sheet: ['name', 'code', 'createTime'],
});
export type CategoryRecord = z.infer<typeof categoryResource.record>;

/** A node of a category tree (spec section 3): `leaf` true when it has no children (lazy loading). */
export interface CategoryTreeNode {
  key: string;
  value: string;
  title: string;
  label: string;
  code: string;
  parentId: string;
  leaf: boolean;
  children?: CategoryTreeNode[];
}
export const categoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  z.object({ key: text(), value: text(), title: text(), label: text(), code: text(), parentId: text(), leaf: z.boolean(), children: z.array(categoryTreeNodeSchema).optional() }),
);

/** Columns a `condition` may filter on with equality (never free SQL). */
export const categoryConditionColumns = ['name', 'code', 'hasChild', 'createBy'] as const;

/** A `condition` query value: a JSON object of equality filters on `categoryConditionColumns`, or the problem with it. */
export const parseCategoryCondition = (condition: string | undefined): { filters: Partial<Record<(typeof categoryConditionColumns)[number], string>> } | { problem: string } => {
  if (condition === undefined || condition.trim() === '') return { filters: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(condition);
  } catch {
    return { problem: 'must be a JSON object' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'must be a JSON object' };
  const filters: Partial<Record<(typeof categoryConditionColumns)[number], string>> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!(categoryConditionColumns as readonly string[]).includes(key)) return { problem: `may filter only on ${categoryConditionColumns.join(', ')} (not ${key})` };
    if (typeof value !== 'string' && typeof value !== 'number') return { problem: `${key} must be a text or a number` };
    filters[key as (typeof categoryConditionColumns)[number]] = String(value);
  }
  return { filters };
};

const condition = text().max(500, 'must be at most 500 characters').superRefine((value, context) => {
  const parsed = parseCategoryCondition(value);
  if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
});
const booleanText = z.enum(['true', 'false'], { error: 'must be true or false' });

export const categoryTreeRootQuerySchema = z.object({
  /** true (default): one level, children loaded on demand; false: the whole subtree. */
  async: booleanText.optional(),
  /** The code of the node whose children are the roots ('0' or empty: the top level). */
  pcode: text().trim().max(100, 'must be at most 100 characters').optional(),
  condition: condition.optional(),
});
export const categoryTreeChildrenQuerySchema = z.object({ pid: pid.min(1, 'is required'), condition: condition.optional() });
export const categoryTreeDataQuerySchema = z.object({ pid: pid.optional(), pcode: text().trim().max(100, 'must be at most 100 characters').optional(), condition: condition.optional() });
export const categoryLoadOneQuerySchema = z.object({
  field: z.enum(['id', 'code', 'name'], { error: 'must be id, code or name' }),
  val: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
});
/** JeecgBoot's category screen: `childList?pid=` (the children, as a list) and `getChildListBatch?parentIds=` (the children of several, as a page). */
export const categoryChildListQuerySchema = z.object({ pid: pid.min(1, 'is required') });
export const categoryChildListBatchQuerySchema = z.object({
  parentIds: text({ error: 'is required' }).trim().min(1, 'is required').max(4000, 'must be at most 4000 characters').regex(/^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/, 'must be ids separated by commas'),
});
export const categoryDictItemParamsSchema = z.object({ ids: text().max(4000, 'must be at most 4000 characters') });

/** The category screen's tree calls and the category select's (JeecgBoot's `/sys/category/*`). */
export const categoryEndpoints = {
  /** The top-level categories (list query); searching by name or code looks at every level. */
  rootList: defineEndpoint({ method: 'GET', path: '/sys/category/rootList', query: listQuerySchema, result: pageSchema(categoryResource.record) }),
  /** The children of pid, in code order. */
  childList: defineEndpoint({ method: 'GET', path: '/sys/category/childList', query: categoryChildListQuerySchema, result: z.array(categoryResource.record) }),
  /** The children of each of parentIds (comma-joined), as one page. */
  childListBatch: defineEndpoint({ method: 'GET', path: '/sys/category/getChildListBatch', query: categoryChildListBatchQuerySchema, result: pageSchema(categoryResource.record) }),
  /** The nodes below the one with code pcode (none: the top level). */
  treeRoot: defineEndpoint({ method: 'GET', path: '/sys/category/loadTreeRoot', query: categoryTreeRootQuerySchema, result: z.array(categoryTreeNodeSchema) }),
  /** The children of pid (lazy loading). */
  treeChildren: defineEndpoint({ method: 'GET', path: '/sys/category/loadTreeChildren', query: categoryTreeChildrenQuerySchema, result: z.array(categoryTreeNodeSchema) }),
  /** The children of pid, else of the node with code pcode, else the top level. */
  treeData: defineEndpoint({ method: 'GET', path: '/sys/category/loadTreeData', query: categoryTreeDataQuerySchema, result: z.array(categoryTreeNodeSchema) }),
  /** The one category whose field (id, code or name) equals val. */
  loadOne: defineEndpoint({ method: 'GET', path: '/sys/category/loadOne', query: categoryLoadOneQuerySchema, result: categoryResource.record }),
  /** The names of comma-joined ids, in their order. */
  dictItems: defineEndpoint({ method: 'GET', path: '/sys/category/loadDictItem/:ids', params: categoryDictItemParamsSchema, result: z.array(text()) }),
};
