import { type MenuRoute, userAnnouncementPath } from '@cellsight/contract';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { accountSettingsPath, changePasswordPath, findDefaultPath, isExternalPath, isGroup } from './menu-tree';
import { AccountSettingsPage, ChangePasswordPage, UserAnnouncementPage, canShowComponent, pageRegistry } from './page-registry';

/** A child's absolute path nests under its group only when it starts with the group's path. */
const nestsUnder = (parent: string, child: string) => child.startsWith(`${parent.replace(/\/+$/, '')}/`);

/**
 * Turns the (normalized) server menu into routes (spec section 2): rows with route '0' are not
 * registered, 'layouts/RouteView' groups render their children through an outlet, known
 * components map to their lazily loaded screen, and unknown components are skipped.
 */
export const menuToRoutes = (menu: MenuRoute[]): RouteObject[] => {
  const routes: RouteObject[] = [];
  for (const item of menu) {
    if (item.route === '0' || isExternalPath(item.path)) continue;
    if (isGroup(item)) {
      const children: RouteObject[] = [];
      for (const child of menuToRoutes(item.children ?? [])) {
        // Children outside the group's path cannot nest in react-router; they stand alone.
        if (child.path && !nestsUnder(item.path, child.path)) routes.push(child);
        else children.push(child);
      }
      // Opening the group itself goes to its redirect, else to its first page.
      const target = item.redirect || findDefaultPath(item.children ?? [], canShowComponent);
      if (target !== accountSettingsPath) children.unshift({ index: true, element: <Navigate to={target} replace /> });
      if (children.length > 0) routes.push({ path: item.path, element: <Outlet />, children });
      continue;
    }
    const Page = pageRegistry[item.component];
    if (Page) routes.push({ path: item.path, element: <Page /> });
  }
  return routes;
};

/** The first segment of a page's path, when it has more than one (`/site` of `/site/index`). */
const sectionOf = (path: string): string | undefined => /^\/[^/]+(?=\/.)/.exec(path)?.[0];

/**
 * A section that is no route of its own opens its page (spec section 2: /site opens /site/index):
 * its `…/index` page when it has one, else its first in menu order. Without this, typing /site or
 * /worklist lands on the not-found page.
 */
export const sectionRedirects = (routes: RouteObject[]): RouteObject[] => {
  const taken = new Set<string>();
  const pages = new Map<string, string[]>();
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.path) {
        taken.add(route.path.replace(/\/+$/, ''));
        const section = route.children ? undefined : sectionOf(route.path);
        if (section) pages.set(section, [...(pages.get(section) ?? []), route.path]);
      }
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return [...pages]
    .filter(([section]) => !taken.has(section))
    .map(([section, paths]) => ({ path: section, element: <Navigate to={paths.find((path) => path === `${section}/index`) ?? paths[0]!} replace /> }));
};

/** Every route of a signed-in user: the menu pages, account settings, their announcements, home and not-found. */
export const consoleRoutes = (menu: MenuRoute[], defaultPath: string): RouteObject[] => {
  const pages = menuToRoutes(menu);
  return [
    { index: true, element: <Navigate to={defaultPath} replace /> },
    ...pages,
    ...sectionRedirects(pages),
    { path: accountSettingsPath, element: <AccountSettingsPage /> },
    { path: changePasswordPath, element: <ChangePasswordPage /> },
    { path: '/want', element: <Navigate to={changePasswordPath} replace /> },
    { path: userAnnouncementPath, element: <UserAnnouncementPage /> },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
};
