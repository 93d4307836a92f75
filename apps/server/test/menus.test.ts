import { type MenuAddRequest, type MenuTreeNode, Permission, ServerCode, duplicateEndpoints, menuEndpoints, roleEndpoints } from '@cellsight/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rolePermissions, users } from '../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let stranger: string;
let demo: string;

type Body = { success: boolean; code: number; message: string; result: { errors?: { field: string; message: string }[] } | null };

/** A raw call, for refusals (the field errors, input the contract's types forbid) and the access checks. */
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { token?: string; query?: Record<string, string>; payload?: object } = {}) => {
  const response = await t.request({ method, url: `/boot/sys/permission/${url}`, token: options.token ?? admin, query: options.query, payload: options.payload });
  return { status: response.statusCode, body: response.json() as Body };
};

const tree = async (): Promise<MenuTreeNode[]> => (await t.call(menuEndpoints.list, { token: admin })).envelope.result;

/** Every row of the tree by id. */
const rows = async (): Promise<Map<string, MenuTreeNode>> => {
  const all = new Map<string, MenuTreeNode>();
  const walk = (nodes: MenuTreeNode[]) => {
    for (const node of nodes) {
      all.set(node.id, node);
      walk(node.children ?? []);
    }
  };
  walk(await tree());
  return all;
};

/** Adds a row and returns its id (found by its unique name). */
const add = async (body: MenuAddRequest): Promise<string> => {
  const { statusCode, envelope } = await t.call(menuEndpoints.add, { token: admin, body });
  expect(statusCode, envelope.message).toBe(200);
  const found = [...(await rows()).values()].find((row) => row.name === body.name);
  if (!found) throw new Error(`no row named ${body.name}`);
  return found.id;
};

const fieldsOf = (body: Body) => body.result?.errors?.map((error) => error.field);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  await addUser(t, admin, { username: 'no_grants_user' });
  stranger = await t.login('no_grants_user', 'Passw0rd1');
  // A demo account holding every permission, so only the demo rule refuses its writes.
  const demoId = await addUser(t, admin, { username: 'demo_with_grants', selectedroles: 'r-admin' });
  await t.app.db.update(users).set({ demo: true }).where(eq(users.id, demoId));
  demo = await t.login('demo_with_grants', 'Passw0rd1');
});
afterAll(() => t.close());

describe('menu list', () => {
  it('is the whole tree: System holds Users, which holds its buttons, with key, title and the type text', async () => {
    const roots = await tree();
    const system = roots.find((row) => row.id === 'm-system');
    expect(system).toMatchObject({ key: 'm-system', title: 'System', name: 'System', menuType: 0, menuType_dictText: 'First-level menu', component: 'layouts/RouteView', isLeaf: false, leaf: false, parentId: null });
    const usersMenu = system?.children?.find((row) => row.id === 'm-system-user');
    expect(usersMenu).toMatchObject({ key: 'm-system-user', title: 'Users', url: '/system/user', component: 'system/UserList', menuType: 1, menuType_dictText: 'Sub-menu', isLeaf: true });
    expect(usersMenu?.children?.map((row) => row.perms)).toEqual(['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:delete', 'system:user:frozen', 'system:user:changePassword', 'system:user:recycleBin', 'system:user:export']);
    expect(usersMenu?.children?.[0]).toMatchObject({ menuType: 2, menuType_dictText: 'Button permission', status: '1', permsType: '1' });
    expect(usersMenu?.children?.[0]?.children).toBeUndefined();
    // Siblings keep their configured order.
    expect(system?.children?.map((row) => row.name).slice(0, 3)).toEqual(['Users', 'Roles', 'Menus']);
  });

  it('with a name returns the matching rows flat, any case', async () => {
    const { statusCode, envelope } = await t.call(menuEndpoints.list, { token: admin, query: { name: 'USER' } });
    expect(statusCode).toBe(200);
    const matches = envelope.result;
    expect(matches.map((row) => row.name).sort()).toEqual(['Add user', 'Delete user', 'Edit user', 'Export users', 'Freeze user', 'List users', 'Role users', 'Users'].sort());
    expect(matches.every((row) => row.children === undefined && row.isLeaf)).toBe(true);
  });

  it('answers the first-level menus and the rows under one menu', async () => {
    const first = (await t.call(menuEndpoints.firstLevel, { token: admin })).envelope.result;
    expect(first.map((row) => row.id)).toEqual(['m-dashboard', 'm-site', 'm-site-add', 'm-site-edit', 'm-stationmgr-detail', 'm-battery', 'm-battery-detail', 'm-site-chart', 'm-site-events', 'm-battery-history', 'm-worklist', 'm-worklist-detail', 'm-collector', 'm-member', 'm-battery-change', 'm-stationmgr', 'm-system']);
    const under = (await t.call(menuEndpoints.submenu, { token: admin, query: { parentId: 'm-system-menu' } })).envelope.result;
    expect(under.map((row) => row.perms)).toEqual([Permission.MenuList, Permission.MenuAdd, Permission.MenuEdit, Permission.MenuDelete]);
    expect((await call('GET', 'getSystemSubmenu')).status).toBe(400);
  });

  it('answers the rows under several menus at once, by parent (getSystemSubmenuBatch)', async () => {
    const { statusCode, envelope } = await t.call(menuEndpoints.submenuBatch, { token: admin, query: { parentIds: 'm-system-menu,m-system-role,no-such-menu,m-system-menu' } });
    expect(statusCode).toBe(200);
    const single = async (parentId: string) => (await t.call(menuEndpoints.submenu, { token: admin, query: { parentId } })).envelope.result;
    expect(envelope.result).toEqual({ 'm-system-menu': await single('m-system-menu'), 'm-system-role': await single('m-system-role'), 'no-such-menu': [] });
    expect((await call('GET', 'getSystemSubmenuBatch')).status).toBe(400);
  });
});

describe('adding', () => {
  it('adds a sub-menu as a leaf and makes its parent a non-leaf; a button does not', async () => {
    const reports = await add({ name: 'Reports', menuType: 1, parentId: 'm-system', url: '/system/reports', component: 'system/ReportList', sortNo: 50 });
    let all = await rows();
    expect(all.get(reports)).toMatchObject({ parentId: 'm-system', isLeaf: true, route: true, hidden: false, createBy: 'admin' });
    expect(all.get('m-system')?.children?.at(-1)?.id).toBe(reports);

    await add({ name: 'Export report', menuType: 2, parentId: reports, perms: 'report:export' });
    expect((await rows()).get(reports)?.isLeaf).toBe(true);

    await add({ name: 'Monthly', menuType: 1, parentId: reports, url: '/system/reports/monthly', component: 'system/ReportList' });
    all = await rows();
    expect(all.get(reports)?.isLeaf).toBe(false);
    expect(all.get(reports)?.children?.map((row) => row.name)).toEqual(['Export report', 'Monthly']);
  });

  it('tidies the component and the path, and makes a first-level menu without a component a root group', async () => {
    const tidy = await add({ name: 'Tidy', menuType: 1, parentId: 'm-system', component: 'views/system/Foo.vue', url: 'foo' });
    expect((await rows()).get(tidy)).toMatchObject({ component: 'system/Foo', url: '/foo' });
    const deep = await add({ name: 'Deep', menuType: 1, parentId: 'm-system', component: '/src/views/system/Bar.vue', url: 'https://example.com/docs' });
    expect((await rows()).get(deep)).toMatchObject({ component: 'system/Bar', url: 'https://example.com/docs' });
    const group = await add({ name: 'Group', menuType: 0, parentId: 'm-system', url: '{{ window._CONFIG }}/x' });
    expect((await rows()).get(group)).toMatchObject({ parentId: null, component: 'layouts/RouteView', url: '{{ window._CONFIG }}/x' });
    expect((await tree()).some((root) => root.id === group)).toBe(true);
  });

  it('refuses a button without a code, a sub-menu without a parent, an unknown or button parent, naming the field', async () => {
    const refused = async (payload: object, field: string) => {
      const { status, body } = await call('POST', 'add', { payload });
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(body)).toContain(field);
    };
    await refused({ name: 'No code', menuType: 2, parentId: 'm-system-user' }, 'perms');
    await refused({ name: 'Blank code', menuType: 2, parentId: 'm-system-user', perms: '  ' }, 'perms');
    await refused({ name: 'Orphan', menuType: 1, url: '/orphan' }, 'parentId');
    await refused({ name: 'Lost', menuType: 1, parentId: 'no-such-row' }, 'parentId');
    await refused({ name: 'Under a button', menuType: 2, parentId: 'b-user-add', perms: 'x:y' }, 'parentId');
    await refused({ name: '', menuType: 1, parentId: 'm-system' }, 'name');
    await refused({ name: 'x'.repeat(101), menuType: 1, parentId: 'm-system' }, 'name');
    await refused({ name: 'Kind', menuType: 3 }, 'menuType');
    await refused({ name: 'Long', menuType: 1, parentId: 'm-system', url: `/${'u'.repeat(255)}` }, 'url');
    await refused({ name: 'Sort', menuType: 1, parentId: 'm-system', sortNo: 'first' }, 'sortNo');
    await refused({ name: 'Huge', menuType: 1, parentId: 'm-system', sortNo: 1e308 }, 'sortNo');
    await refused({ name: 'a\u0000b', menuType: 1, parentId: 'm-system' }, 'name');
    await refused({ name: 'Text kind', menuType: 'one', parentId: 'm-system' }, 'menuType');
    await refused({ name: 'Bad parent', menuType: 1, parentId: ['m-system'] }, 'parentId');
    await refused({ name: 'Bad flag', menuType: 1, parentId: 'm-system', hidden: 'yes' }, 'hidden');
    await refused({ name: 'Bad status', menuType: 2, parentId: 'm-system-user', perms: 'a:b', status: '5' }, 'status');
    expect([...(await rows()).values()].some((row) => ['No code', 'Orphan', 'Lost', 'Under a button'].includes(row.name))).toBe(false);
  });

  it('tells open consoles to reload their menus', async () => {
    const pushed = vi.spyOn(t.app.realtime, 'toEveryone');
    await add({ name: 'Announced', menuType: 1, parentId: 'm-system' });
    expect(pushed).toHaveBeenCalledWith('permissions.changed', {});
    pushed.mockRestore();
  });
});

describe('editing', () => {
  it('changes the given fields and keeps the others', async () => {
    const id = await add({ name: 'Editable', menuType: 1, parentId: 'm-system', url: '/editable', component: 'system/Editable', icon: 'edit', sortNo: 7 });
    const { statusCode, envelope } = await t.call(menuEndpoints.edit, { token: admin, body: { id, name: 'Edited', component: 'views/system/Other.vue', hidden: true, icon: '' } });
    expect(statusCode, envelope.message).toBe(200);
    expect(envelope.code).toBe(ServerCode.EDITED);
    expect((await rows()).get(id)).toMatchObject({ name: 'Edited', title: 'Edited', url: '/editable', component: 'system/Other', hidden: true, icon: null, sortNo: 7, updateBy: 'admin' });
    // The edit is sent as POST too (t.call sends the first method, PUT).
    expect((await call('POST', 'edit', { payload: { id, sortNo: 8 } })).status).toBe(200);
    expect((await rows()).get(id)?.sortNo).toBe(8);
    expect((await t.call(menuEndpoints.edit, { token: admin, body: { id: 'no-such-row', name: 'x' } })).statusCode).toBe(404);
  });

  it('moving a row fixes both parents’ leaf flags', async () => {
    const from = await add({ name: 'Move from', menuType: 1, parentId: 'm-system' });
    const to = await add({ name: 'Move to', menuType: 1, parentId: 'm-system' });
    const moving = await add({ name: 'Moving', menuType: 1, parentId: from });
    let all = await rows();
    expect([all.get(from)?.isLeaf, all.get(to)?.isLeaf]).toEqual([false, true]);

    expect((await t.call(menuEndpoints.edit, { token: admin, body: { id: moving, parentId: to } })).statusCode).toBe(200);
    all = await rows();
    expect([all.get(from)?.isLeaf, all.get(to)?.isLeaf]).toEqual([true, false]);
    expect(all.get(to)?.children?.map((row) => row.id)).toEqual([moving]);

    // Becoming a first-level menu leaves the parent too, and gets the group component.
    expect((await t.call(menuEndpoints.edit, { token: admin, body: { id: moving, menuType: 0 } })).statusCode).toBe(200);
    all = await rows();
    expect(all.get(to)?.isLeaf).toBe(true);
    expect(all.get(moving)).toMatchObject({ parentId: null, component: 'layouts/RouteView' });
  });

  it('refuses to make a row its own ancestor, naming parentId', async () => {
    const top = await add({ name: 'Cycle top', menuType: 1, parentId: 'm-system' });
    const middle = await add({ name: 'Cycle middle', menuType: 1, parentId: top });
    const bottom = await add({ name: 'Cycle bottom', menuType: 1, parentId: middle });
    for (const parentId of [top, bottom]) {
      const { status, body } = await call('PUT', 'edit', { payload: { id: top, parentId } });
      expect(status).toBe(400);
      expect(fieldsOf(body)).toEqual(['parentId']);
    }
    expect((await rows()).get(top)?.parentId).toBe('m-system');
  });

  it('keeps a row’s kind rules: a button needs its code, a menu with rows below cannot become a button', async () => {
    const button = await add({ name: 'Kind button', menuType: 2, parentId: 'm-system-user', perms: 'kind:button' });
    const cleared = await call('PUT', 'edit', { payload: { id: button, perms: '' } });
    expect(fieldsOf(cleared.body)).toEqual(['perms']);
    const detached = await call('PUT', 'edit', { payload: { id: button, parentId: null } });
    expect(fieldsOf(detached.body)).toEqual(['parentId']);
    const ontoButton = await call('PUT', 'edit', { payload: { id: button, parentId: 'b-user-add' } });
    expect(fieldsOf(ontoButton.body)).toEqual(['parentId']);
    // Seeded API permissions are buttons at the root: they stay editable as they are.
    expect((await t.call(menuEndpoints.edit, { token: admin, body: { id: 'b-ingest-stats', menuType: 2, name: 'Ingestion counters' } })).statusCode).toBe(200);

    const menu = await add({ name: 'Kind menu', menuType: 1, parentId: 'm-system' });
    await add({ name: 'Kind child', menuType: 2, parentId: menu, perms: 'kind:child' });
    const turned = await call('PUT', 'edit', { payload: { id: menu, menuType: 2, perms: 'kind:menu' } });
    expect(fieldsOf(turned.body)).toEqual(['menuType']);
  });
});

describe('permission codes: one button each', () => {
  /** The menu form's duplicate check of a button's code, as JeecgBoot's form sends it. */
  const check = async (fieldVal: string, dataId?: string, token = admin) =>
    t.call(duplicateEndpoints.check, { token, query: { tableName: 'sys_permission', fieldName: 'perms', fieldVal, ...(dataId ? { dataId } : {}) } });
  const free = async (fieldVal: string, dataId?: string) => (await check(fieldVal, dataId)).envelope.success;

  it('refuses a code another button has, alone or in a comma list, naming perms and writing nothing', async () => {
    await add({ name: 'Dup first', menuType: 2, parentId: 'm-system-user', perms: 'dup:first, dup:second' });
    for (const perms of ['dup:first', ' dup:second ', 'dup:new,dup:first', Permission.UserAdd]) {
      const { status, body } = await call('POST', 'add', { payload: { name: `Dup again ${perms}`, menuType: 2, parentId: 'm-system-user', perms } });
      expect(status, perms).toBe(400);
      expect(body.result?.errors).toEqual([{ field: 'perms', message: expect.stringContaining(perms.split(',').at(-1)?.trim() ?? '') }]);
    }
    expect([...(await rows()).values()].filter((row) => row.name.startsWith('Dup again'))).toEqual([]);
    // Codes differ by their whole text: neither a part nor another case is the same code.
    await add({ name: 'Dup part', menuType: 2, parentId: 'm-system-user', perms: 'dup:fir,DUP:FIRST' });
  });

  it('counts buttons only: a menu’s perms grants nothing, and a menu that becomes a button must bring codes of its own', async () => {
    const menu = await add({ name: 'Dup menu', menuType: 1, parentId: 'm-system', perms: 'dup:menu' });
    await add({ name: 'Dup menu button', menuType: 2, parentId: 'm-system-user', perms: 'dup:menu' });
    const turned = await call('PUT', 'edit', { payload: { id: menu, menuType: 2, parentId: 'm-system-user' } });
    expect(turned.status).toBe(400);
    expect(fieldsOf(turned.body)).toEqual(['perms']);
    expect((await rows()).get(menu)?.menuType).toBe(1);
    expect((await t.call(menuEndpoints.edit, { token: admin, body: { id: menu, menuType: 2, parentId: 'm-system-user', perms: 'dup:menu:own' } })).statusCode).toBe(200);
  });

  it('lets a button keep its own codes on an edit, and refuses it another button’s', async () => {
    const button = await add({ name: 'Dup editable', menuType: 2, parentId: 'm-system-user', perms: 'dup:edit:a,dup:edit:b' });
    // JeecgBoot's form sends the loaded row back whole: its own codes, in any order, are still its own.
    expect((await t.call(menuEndpoints.edit, { token: admin, body: { id: button, name: 'Dup edited', perms: 'dup:edit:b, dup:edit:a' } })).statusCode).toBe(200);
    expect((await t.call(menuEndpoints.edit, { token: admin, body: { id: 'b-user-add', name: 'Add user', perms: Permission.UserAdd } })).statusCode).toBe(200);
    const taken = await call('PUT', 'edit', { payload: { id: button, perms: `dup:edit:a,${Permission.UserEdit}` } });
    expect(taken.status).toBe(400);
    expect(taken.body.result?.errors).toEqual([{ field: 'perms', message: `another button already has ${Permission.UserEdit}` }]);
    expect((await rows()).get(button)).toMatchObject({ name: 'Dup edited', perms: 'dup:edit:b, dup:edit:a' });
  });

  it('adds one of two buttons sent at once with the same code', async () => {
    const both = await Promise.all(['Dup race one', 'Dup race two'].map((name) => call('POST', 'add', { payload: { name, menuType: 2, parentId: 'm-system-user', perms: 'dup:race' } })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect([...(await rows()).values()].filter((row) => row.perms === 'dup:race')).toHaveLength(1);
  });

  it('the duplicate check answers what the add and the edit decide', async () => {
    const button = await add({ name: 'Dup checked', menuType: 2, parentId: 'm-system-user', perms: 'dup:checked' });
    await add({ name: 'Dup menu only', menuType: 1, parentId: 'm-system', perms: 'dup:menu:only' });
    const candidates = ['dup:checked', 'dup:checked:not', `dup:checked:not, ${Permission.UserList}`, Permission.UserList, 'dup:menu:only', 'dup:first', 'DUP:CHECKED', ''];

    // A new button: free exactly when the add takes it.
    for (const perms of candidates.filter(Boolean)) {
      const answer = await check(perms);
      expect(answer.statusCode).toBe(200);
      const added = await call('POST', 'add', { payload: { name: `Dup candidate ${perms}`, menuType: 2, parentId: 'm-system-user', perms } });
      expect({ perms, free: answer.envelope.success }).toEqual({ perms, free: added.status === 200 });
      if (added.status === 200) await t.call(menuEndpoints.deleteBatch, { token: admin, query: { ids: [...(await rows()).values()].filter((row) => row.name === `Dup candidate ${perms}`).map((row) => row.id).join(',') } });
    }
    // The button being edited (dataId): free exactly when its edit takes it.
    for (const perms of candidates.filter(Boolean)) {
      const answer = await check(perms, button);
      const edited = await call('PUT', 'edit', { payload: { id: button, perms } });
      expect({ perms, free: answer.envelope.success }).toEqual({ perms, free: edited.status === 200 });
      await t.call(menuEndpoints.edit, { token: admin, body: { id: button, perms: 'dup:checked' } });
    }
    expect(await free('dup:checked')).toBe(false);
    expect(await free('dup:checked', button)).toBe(true);
    expect(await free('')).toBe(true);
    // The column name as JeecgBoot sends it; a taken value is success false with HTTP 200, so its form shows 授权标识已存在.
    expect((await check(Permission.UserAdd)).envelope).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER, message: expect.stringContaining(Permission.UserAdd) });
    const wire = await t.request({ method: 'GET', url: '/jeecg-boot/sys/duplicate/check', token: admin, query: { tableName: 'sys_permission', fieldName: 'perms', fieldVal: 'dup:checked', dataId: 'no-such-row' } });
    expect([wire.statusCode, wire.json().success]).toEqual([200, false]);
  });

  it('answers those who may add or edit menus, and only for perms', async () => {
    expect((await check('dup:any', undefined, stranger)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/boot/sys/duplicate/check', query: { tableName: 'sys_permission', fieldName: 'perms', fieldVal: 'dup:any' } })).statusCode).toBe(401);
    // Editing menus is enough (the form serves the edit as well as the add).
    const role = (await t.request({ method: 'POST', url: '/boot/sys/role/add', token: admin, payload: { roleName: 'Menu editors', roleCode: 'menu_editors_only' } })).json().result as string;
    const grants = ['m-system', 'm-system-menu', 'b-system-permission-list', 'b-system-permission-edit'];
    expect((await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId: role, permissionIds: grants.join(','), lastpermissionIds: '' } })).statusCode).toBe(200);
    await addUser(t, admin, { username: 'menu_editor_only', selectedroles: role });
    const editorToken = await t.login('menu_editor_only', 'Passw0rd1');
    expect((await check(Permission.UserAdd, undefined, editorToken)).envelope).toMatchObject({ success: false });
    expect((await check('dup:any', undefined, editorToken)).envelope).toMatchObject({ success: true });
    const other = await t.request({ method: 'GET', url: '/boot/sys/duplicate/check', token: admin, query: { tableName: 'sys_permission', fieldName: 'url', fieldVal: '/system/user' } });
    expect(other.statusCode).toBe(400);
    expect(fieldsOf(other.json() as Body)).toEqual(['fieldName']);
  });
});

describe('deleting', () => {
  it('removes the row, everything below it and their role grants, in one go', async () => {
    const branch = await add({ name: 'Branch', menuType: 1, parentId: 'm-system' });
    const twig = await add({ name: 'Twig', menuType: 1, parentId: branch });
    const leafButton = await add({ name: 'Twig button', menuType: 2, parentId: twig, perms: 'twig:use' });
    await t.app.db.insert(rolePermissions).values([branch, twig, leafButton].map((permissionId) => ({ roleId: 'r-admin', permissionId })));

    const { statusCode, envelope } = await t.call(menuEndpoints.delete, { token: admin, query: { id: branch } });
    expect(statusCode, envelope.message).toBe(200);
    expect(envelope.code).toBe(ServerCode.DELETED);
    const all = await rows();
    expect([branch, twig, leafButton].filter((id) => all.has(id))).toEqual([]);
    const grants = await t.app.db.select().from(rolePermissions).where(inArray(rolePermissions.permissionId, [branch, twig, leafButton]));
    expect(grants).toEqual([]);
    expect(all.get('m-system')?.isLeaf).toBe(false);
  });

  it('makes the parent a leaf when its last menu child goes, and answers 404 for unknown rows', async () => {
    const buttons = (await rows()).get('m-system-user')?.children?.length;
    const child = await add({ name: 'Only child', menuType: 1, parentId: 'm-system-user' });
    expect((await rows()).get('m-system-user')?.isLeaf).toBe(false);
    expect((await t.call(menuEndpoints.delete, { token: admin, query: { id: child } })).statusCode).toBe(200);
    const usersMenu = (await rows()).get('m-system-user');
    expect(usersMenu?.isLeaf).toBe(true);
    // Its buttons are still there.
    expect(usersMenu?.children?.length).toBe(buttons);
    expect((await t.call(menuEndpoints.delete, { token: admin, query: { id: child } })).statusCode).toBe(404);
  });

  it('deletes several rows at once', async () => {
    const first = await add({ name: 'Batch one', menuType: 1, parentId: 'm-system-role' });
    const second = await add({ name: 'Batch two', menuType: 1, parentId: 'm-system-role' });
    const { statusCode, envelope } = await t.call(menuEndpoints.deleteBatch, { token: admin, query: { ids: `${first},${second}` } });
    expect(statusCode, envelope.message).toBe(200);
    expect(envelope.code).toBe(ServerCode.BATCH_DELETED);
    const all = await rows();
    expect(all.has(first) || all.has(second)).toBe(false);
    expect(all.get('m-system-role')?.isLeaf).toBe(true);
  });
});

describe('access', () => {
  const calls = [
    { method: 'GET', url: 'list' },
    { method: 'GET', url: 'getSystemMenuList' },
    { method: 'POST', url: 'add', payload: { name: 'Denied', menuType: 1, parentId: 'm-system' } },
    { method: 'PUT', url: 'edit', payload: { id: 'm-system-user', name: 'Denied' } },
    { method: 'DELETE', url: 'delete', query: { id: 'm-system-user' } },
    { method: 'DELETE', url: 'deleteBatch', query: { ids: 'm-system-user' } },
  ] as const;

  it('answers 401 without a token and 403 without the permission', async () => {
    for (const { method, url, ...options } of calls) {
      const anonymous = await t.request({ method, url: `/boot/sys/permission/${url}`, ...options });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, { ...options, token: stranger })).status, `${method} ${url}`).toBe(403);
    }
  });

  it('lets the demo account read but refuses its writes, even with the permissions', async () => {
    expect((await t.call(menuEndpoints.list, { token: demo })).statusCode).toBe(200);
    for (const { method, url, ...options } of calls.filter((c) => c.method !== 'GET')) {
      const { status, body } = await call(method, url, { ...options, token: demo });
      expect(status, `${method} ${url}`).toBe(403);
      expect(body).toMatchObject({ code: ServerCode.DEMO_NOT_SUPPORTED, message: 'The demo access does not support this operation.' });
    }
    expect((await rows()).get('m-system-user')?.name).toBe('Users');
  });
});
