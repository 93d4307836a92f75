import { MenuComponent, type MenuRoute } from '@cellsight/contract';
import { matchPath } from 'react-router';

/** Landing page of a user whose menu holds no page (always registered for signed-in users). */
export const accountSettingsPath = '/account/settings';
/** The own-password change as a page (spec section 2: /want/changePwd, where /want leads). */
export const changePasswordPath = '/want/changePwd';

export const isExternalPath = (path: string): boolean => /^https?:\/\//i.test(path);

const joinPath = (parent: string, path: string): string => {
  if (path.startsWith('/') || isExternalPath(path)) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
};

/** Where the console shows an external page in its own frame. */
export const iframePath = (id: string): string => `/iframe/${encodeURIComponent(id)}`;

/**
 * Makes every menu path absolute (children may carry paths relative to their parent). An external
 * address that does not open in a new window (`internalOrExternal` off) becomes an iframe page of
 * the console at `/iframe/<id>`, its address kept in `meta.url`, so the menu, tabs, titles and
 * breadcrumb treat it as any other page.
 */
export const normalizeMenu = (menu: MenuRoute[], parentPath = ''): MenuRoute[] =>
  menu.map((item) => {
    if (isExternalPath(item.path) && !item.meta.internalOrExternal && !item.children?.length) {
      return { ...item, path: iframePath(item.id), component: MenuComponent.IframePage, meta: { ...item.meta, url: item.meta.url || item.path } };
    }
    const path = joinPath(parentPath || '/', item.path);
    return { ...item, path, ...(item.children ? { children: normalizeMenu(item.children, path) } : {}) };
  });

/** A path with route parameters (a detail page) cannot be opened from the menu by itself. */
const hasParams = (path: string): boolean => /\/:/.test(path);

export const isGroup = (item: MenuRoute): boolean => item.component === MenuComponent.RouteView;

/** Whether the item opens outside the console (an external link, spec "internalOrExternal"). */
export const isExternal = (item: MenuRoute): boolean => item.meta.internalOrExternal || isExternalPath(item.path);

/** The spec's default route (section 2: / redirects to /site/index, the home tab and the breadcrumb's first entry), even with the dashboards first in the menu. */
export const homePath = '/site/index';

/**
 * The default path (spec section 2): the station list when the menu offers it, else the first leaf
 * page of the menu that the console can show, or the account settings page when the menu holds none.
 */
export const findDefaultPath = (menu: MenuRoute[], canShow: (component: string) => boolean): string => {
  const visit = (items: MenuRoute[], wanted?: string): string | null => {
    for (const item of items) {
      if (item.route === '0' || item.hidden || isExternal(item)) continue;
      if (isGroup(item)) {
        const found = visit(item.children ?? [], wanted);
        if (found) return found;
      } else if (canShow(item.component) && !hasParams(item.path) && (wanted === undefined || item.path === wanted)) {
        return item.path;
      }
    }
    return null;
  };
  return visit(menu, homePath) ?? visit(menu) ?? accountSettingsPath;
};

/** The chain of menu items, root first, whose last item is the page at `pathname`. */
export const findMenuTrail = (menu: MenuRoute[], pathname: string): MenuRoute[] => {
  for (const item of menu) {
    if (item.route === '0' || isExternalPath(item.path)) continue;
    const below = findMenuTrail(item.children ?? [], pathname);
    if (below.length > 0) return [item, ...below];
    if (matchPath({ path: item.path, end: true }, pathname)) return [item];
  }
  return [];
};

/** Every page of the menu a user may open by search: visible, routable leaves. */
export const visibleLeaves = (menu: MenuRoute[]): MenuRoute[] =>
  menu.flatMap((item) => {
    if (item.route === '0' || item.hidden) return [];
    if (isGroup(item) || (item.children?.length ?? 0) > 0) return visibleLeaves(item.children ?? []);
    return hasParams(item.path) ? [] : [item];
  });

/** The path of the menu row showing `component` (hidden rows too: pages reached from other pages), or null. */
export const findMenuPath = (menu: MenuRoute[], component: string): string | null => {
  for (const item of menu) {
    if (item.route === '0') continue;
    if (item.component === component) return item.path;
    const below = findMenuPath(item.children ?? [], component);
    if (below) return below;
  }
  return null;
};

/** Visible top-level entries the menu keeps in mctl mode (spec sections 2 and 6). */
export const mctlMenuEntries = 8;

/**
 * mctl mode: only the first eight visible top-level entries show; the rest stay registered as
 * routes (hidden), so a page reached by a link still opens.
 */
export const limitMenuForMctl = (menu: MenuRoute[]): MenuRoute[] => {
  let shown = 0;
  return menu.map((item) => {
    if (item.route === '0' || item.hidden) return item;
    shown += 1;
    return shown > mctlMenuEntries ? { ...item, hidden: true } : item;
  });
};

/** A menu path that carries mctl when the console runs in mctl mode (`mctl` null: as it is). */
export const withMctl = (path: string, mctl: string | null): string =>
  mctl === null || isExternalPath(path) ? path : `${path}${path.includes('?') ? '&' : '?'}mctl=${encodeURIComponent(mctl)}`;
