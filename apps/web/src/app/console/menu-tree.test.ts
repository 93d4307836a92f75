import type { MenuRoute } from '@cellsight/contract';
import { describe, expect, it } from 'vitest';
import { findDefaultPath, findMenuTrail, normalizeMenu, visibleLeaves } from './menu-tree';

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

  it('finds the trail of a page, including hidden detail pages', () => {
    expect(findMenuTrail(menu, '/system/user').map((entry) => entry.path)).toEqual(['/system', '/system/user']);
    expect(findMenuTrail(menu, '/system/user/42').map((entry) => entry.path)).toEqual(['/system', '/system/user/:id']);
    expect(findMenuTrail(menu, '/elsewhere')).toEqual([]);
  });

  it('lists visible leaves for the menu search', () => {
    expect(visibleLeaves(menu).map((entry) => entry.path)).toEqual(['/system/unknown', '/system/user', 'https://docs.example']);
  });
});
