import type { MenuRecord, MenuTreeNode, MenuTypeValue } from '@cellsight/contract';
import type { PermissionRow } from './permission.repository.js';

/**
 * The Menus screen's view of the permission rows (JeecgBoot's SysPermissionTree and its
 * PermissionDataUtil fixes). Pure, so it is unit-tested.
 */
export const toMenuRecord = (row: PermissionRow, menuTypeText: (menuType: number) => string | null): MenuRecord => ({
  id: row.id,
  key: row.id,
  title: row.name,
  parentId: row.parentId,
  name: row.name,
  url: row.url,
  component: row.component,
  componentName: row.componentName,
  redirect: row.redirect,
  // Only validated writes and the seed store menu types.
  menuType: row.menuType as MenuTypeValue,
  menuType_dictText: menuTypeText(row.menuType),
  perms: row.perms,
  permsType: row.permsType,
  sortNo: row.sortNo,
  alwaysShow: row.alwaysShow,
  icon: row.icon,
  route: row.isRoute,
  leaf: row.isLeaf,
  isLeaf: row.isLeaf,
  keepAlive: row.keepAlive,
  hidden: row.hidden,
  internalOrExternal: row.internalOrExternal,
  status: row.status,
  delFlag: row.delFlag,
  createBy: row.createBy,
  createTime: row.createTime.toISOString(),
  updateBy: row.updateBy,
  updateTime: row.updateTime?.toISOString() ?? null,
});

/**
 * Nests the records under their parents, siblings in the given order. Every row is placed, buttons
 * included (`isLeaf` speaks of menu children only, so it cannot decide where to descend); a row
 * whose parent is gone is shown at the root rather than hidden.
 */
export function buildMenuList(records: MenuRecord[]): MenuTreeNode[] {
  const nodes = new Map<string, MenuTreeNode>(records.map((record) => [record.id, { ...record }]));
  const roots: MenuTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** The given ids and the ids of every row below them. */
export function withDescendants(rows: Pick<PermissionRow, 'id' | 'parentId'>[], ids: string[]): Set<string> {
  const found = new Set(ids);
  let frontier = ids;
  while (frontier.length > 0) {
    const parents = new Set(frontier);
    frontier = rows.filter((row) => row.parentId !== null && parents.has(row.parentId) && !found.has(row.id)).map((row) => row.id);
    for (const id of frontier) found.add(id);
  }
  return found;
}

/** A component as the web names it: without a leading '/', 'views/' or 'src/views/', and without '.vue'. */
export function tidyComponent(component: string): string {
  let value = component.trim();
  if (value.startsWith('/')) value = value.slice(1);
  for (const prefix of ['views/', 'src/views/']) if (value.startsWith(prefix)) value = value.slice(prefix.length);
  if (value.endsWith('.vue')) value = value.slice(0, -'.vue'.length);
  return value;
}

/** A route path starts with '/'; http(s) addresses and `{{…}}` templates stay as they are. */
export function tidyUrl(url: string): string {
  let value = url.trim();
  if (value.endsWith('.vue')) value = value.slice(0, -'.vue'.length);
  return /^(https?:\/\/|\/|\{\{)/.test(value) ? value : `/${value}`;
}
