import type { MenuRoute } from '@cellsight/contract';
import { describe, expect, it } from 'vitest';
import { findDefaultPath, findMenuPath, findMenuTrail, limitMenuForMctl, normalizeMenu, visibleLeaves, withMctl } from './menu-tree';

const item = (path: string, component: string, extra: Partial<MenuRoute> = {}): MenuRoute => ({
  id: path,
  route: '1',
  path,
  name: path.replace(/^\//, '').replaceAll('/', '-'),
  component,
  meta: { title: path, keepAlive: false, internalOrExternal: false, componentName: '', permissionList: [] },
  ...extra,
});

const menu = normalizeMenu([
  item('/hidden-first', 'system/UserList', { hidden: true }),
  item('/system', 'layouts/RouteView', {
    children: [item('unknown', 'system/Nothing'), item('user', 'system/UserList'), item('/system/user/:id', 'system/UserList', { hidden: true })],
  }),
  item('https://docs.example', 'system/UserList', { meta: { title: 'Docs', keepAlive: false, internalOrExternal: true, componentName: '', permissionList: [] } }),
]);
const known = (component: string) => component === 'system/UserList';

describe('menu tree', () => {
  it('makes child paths absolute', () => {
    expect(menu[1]?.children?.map((child) => child.path)).toEqual(['/system/unknown', '/system/user', '/system/user/:id']);
  });

  it('takes the first visible leaf the console can show as the default path', () => {
    expect(findDefaultPath(menu, known)).toBe('/system/user');
    expect(findDefaultPath([], known)).toBe('/account/settings');
    expect(findDefaultPath([item('/x', 'system/UserList', { route: '0' })], known)).toBe('/account/settings');
  });

  it('keeps the station list as the default path when the dashboards come first in the menu', () => {
    const withDashboards = normalizeMenu([
      item('/dashboard', 'layouts/RouteView', { children: [item('/dashboard/analysis', 'dashboard/Analysis')] }),
      item('/site/index', 'site/index'),
    ]);
    const showable = (component: string) => ['dashboard/Analysis', 'site/index'].includes(component);
    expect(findDefaultPath(withDashboards, showable)).toBe('/site/index');
    expect(findDefaultPath(withDashboards.slice(0, 1), showable)).toBe('/dashboard/analysis');
  });

  it('finds the trail of a page, including hidden detail pages', () => {
    expect(findMenuTrail(menu, '/system/user').map((entry) => entry.path)).toEqual(['/system', '/system/user']);
    expect(findMenuTrail(menu, '/system/user/42').map((entry) => entry.path)).toEqual(['/system', '/system/user/:id']);
    expect(findMenuTrail(menu, '/elsewhere')).toEqual([]);
  });

  it('lists visible leaves for the menu search', () => {
    expect(visibleLeaves(menu).map((entry) => entry.path)).toEqual(['/system/unknown', '/system/user', 'https://docs.example']);
  });
});

describe('mctl mode (spec sections 2 and 6)', () => {
  const ten = [item('/detail', 'site/edit', { hidden: true }), ...Array.from({ length: 10 }, (_, i) => item(`/page-${i + 1}`, 'system/UserList'))];

  it('shows only the first eight visible entries and keeps the rest registered, hidden', () => {
    const limited = limitMenuForMctl(ten);
    expect(limited.filter((entry) => !entry.hidden).map((entry) => entry.path)).toEqual(['/page-1', '/page-2', '/page-3', '/page-4', '/page-5', '/page-6', '/page-7', '/page-8']);
    expect(limited).toHaveLength(11);
  });

  it('makes every path it opens carry mctl', () => {
    expect(withMctl('/site/index', '1')).toBe('/site/index?mctl=1');
    expect(withMctl('/site/edit?id=7', '')).toBe('/site/edit?id=7&mctl=');
    expect(withMctl('/site/index', null)).toBe('/site/index');
    expect(withMctl('https://docs.example', '1')).toBe('https://docs.example');
  });

  it('finds the path of a page by its component, hidden or not', () => {
    expect(findMenuPath(ten, 'site/edit')).toBe('/detail');
    expect(findMenuPath(menu, 'system/UserList')).toBe('/hidden-first');
    expect(findMenuPath(menu, 'site/add')).toBeNull();
  });

  it('turns an external address that opens inside the console into an iframe page, and leaves a new-window one alone', () => {
    const [framed, outside] = normalizeMenu([
      item('https://grafana.example.org/d/1', 'layouts/IframePageView', { id: 'm-grafana' }),
      item('https://docs.example', 'system/UserList', { meta: { title: 'Docs', keepAlive: false, internalOrExternal: true, componentName: '', permissionList: [] } }),
    ]);
    expect(framed).toMatchObject({ path: '/iframe/m-grafana', component: 'layouts/IframePageView', meta: { url: 'https://grafana.example.org/d/1' } });
    expect(findMenuTrail([framed!], '/iframe/m-grafana')).toHaveLength(1);
    expect(visibleLeaves([framed!]).map((leaf) => leaf.path)).toEqual(['/iframe/m-grafana']);
    expect(outside?.path).toBe('https://docs.example');
  });
});
