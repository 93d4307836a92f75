import { describe, expect, it } from 'vitest';
import { permissionRow } from '../../../test/support/permission-row.js';
import { allAuthList, authList, buildMenuTree, withoutPlatformRows } from './menu-tree.js';

const row = permissionRow;

const rows = [
  row({ id: 'sys', name: 'System', menuType: 0, url: '/system', component: 'layouts/RouteView', redirect: '/system/user', icon: 'setting' }),
  row({ id: 'users', parentId: 'sys', name: 'Users', menuType: 1, url: '/system/user', component: 'system/UserList' }),
  row({ id: 'hidden', parentId: 'sys', name: 'Hidden', menuType: 1, url: '/system/secret', component: 'system/UserList', hidden: true, isRoute: false }),
  row({ id: 'add', parentId: 'users', name: 'Add', menuType: 2, perms: 'system:user:add' }),
  row({ id: 'off', parentId: 'users', name: 'Off', menuType: 2, perms: 'system:user:off', status: '0' }),
  row({ id: 'ext', name: 'Docs', menuType: 0, url: 'https://example.com/docs', component: 'layouts/IframePageView', internalOrExternal: true }),
  row({ id: 'empty', name: 'Empty group', menuType: 0, url: '/empty', component: 'layouts/RouteView' }),
];

describe('buildMenuTree', () => {
  const tree = buildMenuTree(rows);

  it('nests children, names routes from their url and keeps the root redirect', () => {
    expect(tree.map((r) => r.id)).toEqual(['sys', 'ext']);
    expect(tree[0]).toMatchObject({ path: '/system', name: 'system', redirect: '/system/user', meta: { title: 'System', icon: 'setting', componentName: 'RouteView' } });
    expect(tree[0]?.children?.map((c) => c.name)).toEqual(['system-user', 'system-secret']);
    expect(tree[0]?.children?.[1]).toMatchObject({ hidden: true, route: '0' });
  });

  it('lists a menu’s effective buttons as its permissionList', () => {
    expect(tree[0]?.children?.[0]?.meta.permissionList).toEqual([{ action: 'system:user:add', type: '1', describe: 'Add' }]);
  });

  it('marks external links and drops empty groups', () => {
    expect(tree[1]).toMatchObject({ meta: { url: 'https://example.com/docs', internalOrExternal: true } });
    expect(tree.find((r) => r.id === 'empty')).toBeUndefined();
  });

  it('builds auth from effective buttons and allAuth with status', () => {
    expect(authList(rows).map((a) => a.action)).toEqual(['system:user:add']);
    expect(allAuthList(rows.filter((r) => r.menuType === 2)).map((a) => a.status)).toEqual(['1', '0']);
  });
});

describe('withoutPlatformRows', () => {
  const menu = [
    ...rows,
    row({ id: 'monitor', parentId: 'sys', name: 'Monitoring', menuType: 1, url: '/system/monitor', component: 'system/Monitor' }),
    row({ id: 'monitor-view', parentId: 'monitor', name: 'View', menuType: 2, perms: 'system:monitor:view' }),
    row({ id: 'legal', parentId: 'sys', name: 'Legal', menuType: 1, url: '/system/legal', component: 'system/Legal' }),
    row({ id: 'legal-both', parentId: 'legal', name: 'Edit', menuType: 2, perms: 'system:legal:edit,system:user:list' }),
  ];
  const kept = withoutPlatformRows(menu, new Set(['system:monitor:view', 'system:legal:edit'])).map((r) => r.id);

  it('drops the buttons whose every code is the platform’s, and the screens left without a button', () => {
    expect(kept).not.toContain('monitor-view');
    expect(kept).not.toContain('monitor');
  });

  it('keeps a button with one code a tenant may use, menus without buttons, and the rest of the tree', () => {
    expect(kept).toEqual(expect.arrayContaining(['sys', 'users', 'add', 'hidden', 'ext', 'empty', 'legal', 'legal-both']));
  });
});
