import { type MenuRoute, MenuComponent } from '@cellsight/contract';

/** A page of the console's menu: its path and its menu title. */
export interface MenuPage {
  path: string;
  title: string;
}

/**
 * Every page the console registers from a menu tree (as apps/web's menuToRoutes does): leaves with
 * a component, including hidden ones and iframe pages; not groups, not rows that are no route,
 * not external links (they open another site), and not paths with parameters (they need a record),
 * which are returned apart so a caller can say what it left out.
 */
export function menuPages(menu: MenuRoute[]): { pages: MenuPage[]; withParameters: string[] } {
  const pages: MenuPage[] = [];
  const withParameters: string[] = [];
  const visit = (items: MenuRoute[]) => {
    for (const item of items) {
      if (item.route === '0' || item.meta.internalOrExternal || /^https?:\/\//i.test(item.path)) continue;
      if (item.component === MenuComponent.RouteView) {
        visit(item.children ?? []);
        continue;
      }
      if (!item.component || !item.path.startsWith('/')) continue;
      if (item.path.includes(':')) withParameters.push(item.path);
      else if (!pages.some((page) => page.path === item.path)) pages.push({ path: item.path, title: item.meta.title });
    }
  };
  visit(menu);
  return { pages, withParameters };
}
