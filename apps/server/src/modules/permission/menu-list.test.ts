import { describe, expect, it } from 'vitest';
import { permissionRow } from '../../../test/support/permission-row.js';
import type { PermissionRow } from './permission.repository.js';
import { buildMenuList, tidyComponent, tidyUrl, toMenuRecord, withDescendants } from './menu-list.js';

const row = (id: string, parentId: string | null, menuType = 1): PermissionRow => permissionRow({ id, parentId, name: id, menuType });

const rows = [row('a', null, 0), row('b', 'a'), row('c', 'b', 2), row('d', 'a'), row('lost', 'gone')];

describe('menu list', () => {
  it('nests every row under its parent, buttons included, and shows a row whose parent is gone at the root', () => {
    const tree = buildMenuList(rows.map((r) => toMenuRecord(r, (type) => `type ${type}`)));
    expect(tree.map((node) => node.id)).toEqual(['a', 'lost']);
    expect(tree[0]?.children?.map((node) => node.id)).toEqual(['b', 'd']);
    expect(tree[0]?.children?.[0]?.children?.map((node) => node.id)).toEqual(['c']);
    expect(tree[0]?.children?.[1]?.children).toBeUndefined();
    expect(tree[0]).toMatchObject({ key: 'a', title: 'a', menuType_dictText: 'type 0', createTime: '1970-01-01T00:00:00.000Z' });
  });

  it('finds a row and everything below it', () => {
    expect([...withDescendants(rows, ['b'])].sort()).toEqual(['b', 'c']);
    expect([...withDescendants(rows, ['a'])].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('tidies components and paths as JeecgBoot does', () => {
    expect(['/system/Foo', 'views/system/Foo.vue', '/src/views/system/Foo.vue', 'src/views/system/Foo', ' system/Foo '].map(tidyComponent)).toEqual(Array(5).fill('system/Foo'));
    expect(['foo', '/foo', 'foo.vue', 'http://example.com', 'https://example.com/a', '{{ window._CONFIG }}/x'].map(tidyUrl)).toEqual([
      '/foo',
      '/foo',
      '/foo',
      'http://example.com',
      'https://example.com/a',
      '{{ window._CONFIG }}/x',
    ]);
  });
});
