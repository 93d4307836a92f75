import { type CategoryTreeNode, ServerCode, categoryResource, categoryRootPid, parseCategoryCondition, splitIds } from '@cellsight/contract';
import type { z } from 'zod';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import type { CategoryFilters, CategoryRepository, CategoryRow } from './category.repository.js';

type AddInput = z.infer<typeof categoryResource.add>;
type EditInput = z.infer<typeof categoryResource.edit>;

const rootOf = (pid: string | undefined) => (pid === undefined || pid === '' ? categoryRootPid : pid);

/** A row as a tree node (spec section 3); `leaf` from `has_child`, so a tree loads children only where there are some. */
export const treeNodeOf = (row: CategoryRow): CategoryTreeNode => ({ key: row.id, value: row.id, title: row.name, label: row.name, code: row.code, parentId: row.pid, leaf: row.hasChild !== '1' });

/** Nests rows (in code order) under their parents; rows whose parent is not among them are the roots. */
const nest = (rows: CategoryRow[]): CategoryTreeNode[] => {
  const nodes = new Map(rows.map((row) => [row.id, treeNodeOf(row)]));
  const roots: CategoryTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = nodes.get(row.pid);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
};

const filtersOf = (condition: string | undefined): CategoryFilters => {
  const parsed = parseCategoryCondition(condition);
  // The query schema refuses a bad condition first; this is the same rule.
  if ('problem' in parsed) throw invalidField('condition', parsed.problem);
  return parsed.filters;
};

/** Categories: the kit's list and export within the caller's tenant, and the tree with its codes kept right on every change. */
export const createCategoryService = (repository: CategoryRepository, dicts: DictService) => {
  const kit = createResourceService({ resource: categoryResource, ...repository.screen, dicts });

  /** The tenant whose tree the caller works in; a caller of no tenant has no tree. */
  const tenantOf = async (auth: AuthContext): Promise<number> => {
    const tenantId = await repository.tenantOf(auth);
    if (tenantId === null) throw forbidden('You belong to no tenant, so you have no categories');
    return tenantId;
  };

  const parentOf = async (tenantId: number, pid: string) => {
    if (pid === categoryRootPid) return null;
    const parent = await repository.byId(tenantId, pid);
    if (!parent) throw notFound('Parent category', 'pid');
    return parent;
  };
  const levelFull = () => invalidField('pid', 'has no free code left below it');

  return {
    resource: categoryResource,
    list: kit.list,
    byId: kit.byId,
    exportSheet: kit.exportSheet,

    async add(auth: AuthContext, input: AddInput): Promise<string> {
      const pid = rootOf(input.pid);
      const tenantId = await tenantOf(auth);
      await parentOf(tenantId, pid);
      const id = await repository.insert(tenantId, { pid, name: input.name, createBy: auth.username });
      if (id === null) throw levelFull();
      return id;
    },

    async edit(auth: AuthContext, input: EditInput): Promise<void> {
      const tenantId = await tenantOf(auth);
      const node = await repository.byId(tenantId, input.id);
      if (!node) throw notFound('Record');
      const pid = input.pid === undefined ? undefined : rootOf(input.pid);
      if (pid !== undefined && pid !== node.pid) {
        const parent = await parentOf(tenantId, pid);
        if (parent && parent.code.startsWith(node.code)) throw invalidField('pid', 'cannot be the category itself or one below it');
      }
      if (!(await repository.update(tenantId, node, { pid, name: input.name, updateBy: auth.username }))) throw levelFull();
    },

    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      const { removed, withChildren } = await repository.removeLeaves(await tenantOf(auth), [...new Set(ids)]);
      if (withChildren.length > 0) throw new AppError(ServerCode.INCORRECT_PARAMETER, 'A category that has sub-categories cannot be deleted: delete them first', 400, [{ field: 'id', message: 'has sub-categories' }]);
      if (removed.length === 0) throw notFound('Record');
    },

    /** The nodes below the one with code `pcode` (none: the top level): one level with `hasChild` for lazy loading, or the whole subtree. */
    async treeRoot(auth: AuthContext, pcode: string | undefined, lazy: boolean, condition?: string): Promise<CategoryTreeNode[]> {
      const filters = filtersOf(condition);
      const tenantId = await tenantOf(auth);
      let pid = categoryRootPid;
      let code = '';
      if (pcode !== undefined && pcode !== '' && pcode !== categoryRootPid) {
        const [parent] = await repository.byField(tenantId, 'code', pcode);
        if (!parent) throw notFound('Category', 'pcode');
        pid = parent.id;
        code = parent.code;
      }
      if (lazy) return (await repository.children(tenantId, pid, filters)).map(treeNodeOf);
      return nest(await repository.subtree(tenantId, code, filters));
    },

    async treeChildren(auth: AuthContext, pid: string, condition?: string): Promise<CategoryTreeNode[]> {
      const filters = filtersOf(condition);
      return (await repository.children(await tenantOf(auth), pid, filters)).map(treeNodeOf);
    },

    /** loadTreeData: the children of `pid`, else of the node with code `pcode`, else the top level. */
    async treeData(auth: AuthContext, query: { pid?: string; pcode?: string; condition?: string }): Promise<CategoryTreeNode[]> {
      if (query.pid !== undefined && query.pid !== '') return this.treeChildren(auth, query.pid, query.condition);
      return this.treeRoot(auth, query.pcode, true, query.condition);
    },

    /** The one category whose `field` equals `value`; 404 for none, 400 when it names several. */
    async loadOne(auth: AuthContext, field: 'id' | 'code' | 'name', value: string) {
      const rows = await repository.byField(await tenantOf(auth), field, value);
      if (rows.length === 0) throw notFound('Category', 'val');
      if (rows.length > 1) throw invalidField('val', `names more than one category (${field} is not unique)`);
      const row = rows[0]!;
      return { id: row.id, pid: row.pid, name: row.name, code: row.code, hasChild: row.hasChild as '0' | '1', createBy: row.createBy, createTime: row.createTime.toISOString(), updateBy: row.updateBy, updateTime: row.updateTime?.toISOString() ?? null };
    },

    /** The names of comma-joined ids, in their order; ids of no category (or another tenant's) are left out. */
    async dictItems(auth: AuthContext, ids: string): Promise<string[]> {
      const list = splitIds(ids);
      const names = await repository.names(await tenantOf(auth), list);
      return list.flatMap((id) => (names.has(id) ? [names.get(id)!] : []));
    },
  };
};
export type CategoryService = ReturnType<typeof createCategoryService>;
