import { type MenuRoute, userAnnouncementPath } from '@cellsight/contract';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { accountSettingsPath, findDefaultPath, isExternalPath, isGroup } from './menu-tree';
import { AccountSettingsPage, UserAnnouncementPage, canShowComponent, pageRegistry } from './page-registry';

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

/** Every route of a signed-in user: the menu pages, account settings, their announcements, home and not-found. */
export const consoleRoutes = (menu: MenuRoute[], defaultPath: string): RouteObject[] => [
  { index: true, element: <Navigate to={defaultPath} replace /> },
  ...menuToRoutes(menu),
  { path: accountSettingsPath, element: <AccountSettingsPage /> },
  { path: userAnnouncementPath, element: <UserAnnouncementPage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
];
