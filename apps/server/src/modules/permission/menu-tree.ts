import { type MenuRoute, type PermissionEntry, MenuType, routeNameOfUrl } from '@cellsight/contract';
import type { PermissionRow } from './permission.repository.js';
import { splitCodes } from '../../access/granted-permissions.js';

/**
 * Builds the route tree the console turns into routes and the side menu, from the permission
 * rows a user holds (JeecgBoot's getUserPermissionByToken shape). Pure, so it is unit-tested.
 */
const entry = (row: PermissionRow): PermissionEntry => ({ action: row.perms ?? '', type: row.permsType, describe: row.name });

const routeName = (row: PermissionRow): string =>
  row.componentName || routeNameOfUrl(row.url ?? '');

const isExternal = (url: string | null): boolean => /^(https?:\/\/|\{\{)/.test(url ?? '');

export function buildMenuTree(rows: PermissionRow[]): MenuRoute[] {
  const menus = rows.filter((r) => r.menuType === MenuType.FirstLevel || r.menuType === MenuType.SubMenu);
  const buttons = rows.filter((r) => r.menuType === MenuType.Button && r.status === '1');
  const childrenOf = (parentId: string | null) => menus.filter((m) => (m.parentId ?? null) === parentId);

  const toRoute = (row: PermissionRow, isRoot: boolean): MenuRoute => {
    const external = isExternal(row.url);
    const route: MenuRoute = {
      id: row.id,
      route: row.isRoute ? '1' : '0',
      path: row.url ?? '',
      name: routeName(row),
      component: row.component ?? '',
      meta: {
        title: row.name,
        keepAlive: row.keepAlive,
        internalOrExternal: row.internalOrExternal,
        componentName: row.componentName || (row.component ?? '').split('/').pop() || '',
        permissionList: buttons.filter((b) => b.parentId === row.id).map(entry),
      },
    };
    if (row.icon) route.meta.icon = row.icon;
    if (external) route.meta.url = row.url ?? '';
    if (isRoot) route.redirect = row.redirect;
    if (row.hidden) route.hidden = true;
    if (row.alwaysShow) route.alwaysShow = true;
    const children = childrenOf(row.id).map((child) => toRoute(child, false));
    if (children.length > 0) route.children = children;
    return route;
  };

  // Roots: rows without a parent, plus rows whose parent the user was not granted.
  const ids = new Set(menus.map((m) => m.id));
  const roots = menus.filter((m) => !m.parentId || !ids.has(m.parentId)).map((m) => toRoute(m, true));
  for (const root of roots) {
    // A group whose children are all hidden is hidden itself.
    if (root.children && root.children.length > 0 && root.children.every((c) => c.hidden)) root.hidden = true;
  }
  // A group that ends up empty is noise in the menu.
  return roots.filter((r) => r.component !== 'layouts/RouteView' || (r.children?.length ?? 0) > 0);
}

/** The user's own effective buttons (`auth`). */
export const authList = (rows: PermissionRow[]): PermissionEntry[] =>
  rows.filter((r) => r.menuType === MenuType.Button && r.status === '1').map(entry);

/** Every button row with its status (`allAuth`). */
export const allAuthList = (rows: PermissionRow[]): PermissionEntry[] => rows.map((r) => ({ ...entry(r), status: r.status }));

/**
 * A tenant administrator's rows of the menu (docs/architecture.md, "Platform and tenants"): without
 * the buttons whose every code only platform administrators use, and without the menus that had
 * buttons and kept none (Monitoring, Scheduled jobs, Data sources), so its console offers nothing the
 * server would refuse it.
 */
export function withoutPlatformRows(rows: PermissionRow[], platformOnlyCodes: ReadonlySet<string>): PermissionRow[] {
  const platformOnly = (row: PermissionRow) => {
    const codes = splitCodes(row.perms);
    return codes.length > 0 && codes.every((code) => platformOnlyCodes.has(code));
  };
  const kept = new Set(rows.filter((row) => row.menuType !== MenuType.Button || !platformOnly(row)).map((row) => row.id));
  const menus = rows.filter((row) => row.menuType !== MenuType.Button);
  const childrenOf = (id: string) => rows.filter((row) => row.parentId === id);
  // A menu goes when buttons lay beneath it and none of them stays.
  const buttonsBeneath = (id: string): PermissionRow[] => childrenOf(id).flatMap((child) => (child.menuType === MenuType.Button ? [child] : buttonsBeneath(child.id)));
  for (const menu of menus) {
    const beneath = buttonsBeneath(menu.id);
    if (beneath.length > 0 && beneath.every((button) => !kept.has(button.id))) kept.delete(menu.id);
  }
  return rows.filter((row) => kept.has(row.id));
}

