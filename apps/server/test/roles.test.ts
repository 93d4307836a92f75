import { Permission, type PermissionTreeNode, type MenuRoute, ServerCode, menuEndpoints, roleEndpoints, roleResource, roleUserEndpoints, userListColumns } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rolePermissions, userRoles } from '../src/db/schema.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

describeListEndpoint('roles', {
  url: '/boot/sys/role/list',
  columns: roleResource.columns,
  permission: Permission.RoleList,
  async seed(t, admin) {
    for (const [roleCode, roleName] of [['auditor', 'Auditor'], ['support', 'Support desk'], ['field_service', 'Field service']]) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/role/add', token: admin, payload: { roleCode, roleName, description: `${roleName} staff` } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/role/add' },
    { method: 'PUT', url: '/boot/sys/role/edit' },
    { method: 'DELETE', url: '/boot/sys/role/delete' },
    { method: 'DELETE', url: '/boot/sys/role/deleteBatch' },
  ],
});

describeListEndpoint('users of a role', {
  url: '/boot/sys/user/userRoleList?roleId=r-installer',
  columns: userListColumns,
  permission: Permission.RoleUsers,
  async seed(t, admin) {
    for (const username of ['fitter_a', 'fitter_b', 'fitter_c']) await addUser(t, admin, { username, realname: `Fitter ${username}`, selectedroles: 'r-installer' });
  },
  async foreign(t) {
    const admin = await t.login('admin', adminPassword);
    const id = await addUser(t, admin, { username: 'other_fitter', selectedroles: 'r-installer' });
    await moveToTenant(t, id, 77);
    return id;
  },
  writes: [
    { method: 'POST', url: '/boot/sys/user/addSysUserRole' },
    { method: 'DELETE', url: '/boot/sys/user/deleteUserRole' },
    { method: 'DELETE', url: '/boot/sys/user/deleteUserRoleBatch' },
  ],
});

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

interface Body<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  result: T;
}

/** A raw call: the role resource's calls, and input the contract's types forbid. */
const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { query?: Record<string, string>; payload?: object; token?: string } = {}) => {
  const response = await t.request({ method, url: `/boot${url}`, token: options.token ?? admin, query: options.query, payload: options.payload });
  return { status: response.statusCode, body: response.json() as Body<T> };
};

/** Adds a role and returns its id. */
const addRole = async (roleCode: string, roleName = roleCode) => {
  const added = await call('POST', '/sys/role/add', { payload: { roleCode, roleName } });
  expect(added.status).toBe(200);
  const { body } = await call<{ records: { id: string }[] }>('GET', '/sys/role/list', { query: { roleCode } });
  const id = body.result.records[0]?.id;
  if (!id) throw new Error(`role ${roleCode} not listed`);
  return id;
};

const grantsOf = async (roleId: string) => (await t.call(roleEndpoints.grants, { token: admin, query: { roleId } })).envelope.result.sort();
const linksOf = async (roleId: string) => ({
  users: await t.app.db.select().from(userRoles).where(eq(userRoles.roleId, roleId)),
  permissions: await t.app.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId)),
});

describe('roles: list and form', () => {
  it('adds, reads and edits a role; its code is unique and checked', async () => {
    const id = await addRole('planner', 'Planner');
    const one = await call<{ roleName: string; roleCode: string; description: string | null; createBy: string }>('GET', '/sys/role/queryById', { query: { id } });
    expect(one.body.result).toMatchObject({ roleName: 'Planner', roleCode: 'planner', description: null, createBy: 'admin' });

    const edited = await call('PUT', '/sys/role/edit', { payload: { id, roleName: 'Route planner', description: 'Plans the service routes' } });
    expect(edited.body).toMatchObject({ success: true, code: ServerCode.EDITED });
    expect((await call<{ roleName: string; description: string }>('GET', '/sys/role/queryById', { query: { id } })).body.result).toMatchObject({ roleName: 'Route planner', description: 'Plans the service routes' });

    // An emptied description is cleared.
    await call('PUT', '/sys/role/edit', { payload: { id, description: '' } });
    expect((await call<{ description: string | null }>('GET', '/sys/role/queryById', { query: { id } })).body.result.description).toBeNull();

    const taken = await call('POST', '/sys/role/add', { payload: { roleCode: 'planner', roleName: 'Second planner' } });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toContain('roleCode');
    const takenOnEdit = await call('PUT', '/sys/role/edit', { payload: { id, roleCode: 'admin' } });
    expect(takenOnEdit.status).toBe(400);
    expect(takenOnEdit.body.message).toContain('roleCode');

    for (const payload of [{ roleName: 'No code' }, { roleCode: 'has space', roleName: 'Bad code' }, { roleCode: 'x'.repeat(65), roleName: 'Long code' }, { roleCode: 'no_name' }]) {
      const refused = await call('POST', '/sys/role/add', { payload });
      expect(refused.status, JSON.stringify(payload)).toBe(400);
    }
    expect((await call<{ total: number }>('GET', '/sys/role/list', { query: { roleName: 'Second planner' } })).body.result.total).toBe(0);
  });

  it('refuses to delete the built-in administrator role, naming it, and deletes nothing of the batch', async () => {
    const other = await addRole('temporary');
    const one = await call('DELETE', '/sys/role/delete', { query: { id: 'r-admin' } });
    expect(one.status).toBe(400);
    expect(one.body.message).toContain('Administrator');
    const batch = await call('DELETE', '/sys/role/deleteBatch', { query: { ids: `${other},r-admin` } });
    expect(batch.status).toBe(400);
    expect((await call('GET', '/sys/role/queryById', { query: { id: other } })).status).toBe(200);
    expect((await call('GET', '/sys/role/queryById', { query: { id: 'r-admin' } })).status).toBe(200);
    // Nor can it lose its code, which is what marks it.
    const recoded = await call('PUT', '/sys/role/edit', { payload: { id: 'r-admin', roleCode: 'boss' } });
    expect(recoded.status).toBe(400);
    expect(recoded.body.message).toContain('roleCode');
  });

  it('deletes a role with its user and permission links, and tells its users', async () => {
    const roleId = await addRole('short_lived');
    const userId = await addUser(t, admin, { username: 'short_holder', selectedroles: roleId });
    await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: 'm-collector,b-logger-list', lastpermissionIds: '' } });
    expect((await linksOf(roleId)).permissions).toHaveLength(2);
    const pushed = vi.spyOn(t.app.realtime, 'toUsers');
    const deleted = await call('DELETE', '/sys/role/delete', { query: { id: roleId } });
    expect(deleted.body).toMatchObject({ success: true, code: ServerCode.DELETED });
    expect(await linksOf(roleId)).toEqual({ users: [], permissions: [] });
    expect(pushed).toHaveBeenCalledWith([userId], 'permissions.changed', {});
    pushed.mockRestore();
    expect((await call('DELETE', '/sys/role/delete', { query: { id: roleId } })).status).toBe(404);
  });

  it('checks a role code with JeecgBoot’s own call, the role being edited aside', async () => {
    const check = async (query: { roleCode: string; id?: string }, token = admin) => t.call(roleEndpoints.checkRoleCode, { query, token });
    expect((await check({ roleCode: 'admin' })).envelope).toMatchObject({ success: false });
    expect((await check({ roleCode: 'nobody_holds_this' })).envelope).toMatchObject({ success: true });
    const id = await addRole('code_checked');
    expect((await check({ roleCode: 'code_checked' })).envelope).toMatchObject({ success: false });
    expect((await check({ roleCode: 'code_checked', id })).envelope).toMatchObject({ success: true });
    const missing = await check({ roleCode: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.message).toContain('roleCode');
    await addUser(t, admin, { username: 'code_checker' });
    expect((await check({ roleCode: 'admin' }, await t.login('code_checker', 'Passw0rd1'))).statusCode).toBe(403);
  });

  it('answers the permission tree a role is authorised from under the role’s name too (JeecgBoot’s role screen), for authorisers only', async () => {
    const byRole = await t.call(roleEndpoints.roleTree, { token: admin });
    expect(byRole.statusCode).toBe(200);
    expect(byRole.envelope.result).toEqual((await t.call(roleEndpoints.permissionTree, { token: admin })).envelope.result);
    expect(byRole.envelope.result.ids).toContain('m-system-user');
    await addUser(t, admin, { username: 'plain_user' });
    const plain = await t.login('plain_user', 'Passw0rd1');
    expect((await t.call(roleEndpoints.roleTree, { token: plain })).statusCode).toBe(403);
  });
});

describe('users of a role', () => {
  it('adds users, lists and searches them, and takes the role away again, telling each user', async () => {
    const roleId = await addRole('night_shift');
    const ids = [await addUser(t, admin, { username: 'night_ann' }), await addUser(t, admin, { username: 'night_ben' }), await addUser(t, admin, { username: 'night_cy' })];
    const pushed = vi.spyOn(t.app.realtime, 'toUsers');
    const added = await t.call(roleUserEndpoints.add, { token: admin, body: { roleId, userIdList: ids } });
    expect(added.envelope).toMatchObject({ success: true, code: ServerCode.ADDED });
    expect(pushed).toHaveBeenCalledWith(ids, 'permissions.changed', {});

    const names = async (query: Record<string, string> = {}) =>
      (await t.call(roleUserEndpoints.list, { token: admin, query: { roleId, column: 'username', order: 'asc', ...query } })).envelope.result.records.map((r) => r.username);
    expect(await names()).toEqual(['night_ann', 'night_ben', 'night_cy']);
    expect(await names({ username: '*be*' })).toEqual(['night_ben']);
    // Adding again is harmless: no second link.
    expect((await t.call(roleUserEndpoints.add, { token: admin, body: { roleId, userIdList: ids.slice(0, 1) } })).statusCode).toBe(200);
    expect(await names()).toHaveLength(3);

    pushed.mockClear();
    const one = await t.call(roleUserEndpoints.remove, { token: admin, query: { roleId, userId: ids[0] as string } });
    expect(one.envelope).toMatchObject({ success: true, code: ServerCode.DELETED });
    expect(pushed).toHaveBeenCalledWith([ids[0]], 'permissions.changed', {});
    expect(await names()).toEqual(['night_ben', 'night_cy']);
    const rest = await t.call(roleUserEndpoints.removeBatch, { token: admin, query: { roleId, userIds: `${ids[1]},${ids[2]}` } });
    expect(rest.envelope).toMatchObject({ success: true, code: ServerCode.BATCH_DELETED });
    expect(await names()).toEqual([]);
    expect((await t.call(roleUserEndpoints.remove, { token: admin, query: { roleId, userId: ids[0] as string } })).statusCode).toBe(404);
    pushed.mockRestore();
  });

  it('refuses unknown users naming userIdList, and an unknown role, writing nothing', async () => {
    const roleId = await addRole('day_shift');
    const known = await addUser(t, admin, { username: 'day_dora' });
    const refused = await t.call(roleUserEndpoints.add, { token: admin, body: { roleId, userIdList: [known, 'no_such_user'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope.message).toContain('userIdList');
    expect((await linksOf(roleId)).users).toEqual([]);
    expect((await t.call(roleUserEndpoints.add, { token: admin, body: { roleId, userIdList: [] } })).statusCode).toBe(400);
    expect((await t.call(roleUserEndpoints.add, { token: admin, body: { roleId: 'no_such_role', userIdList: [known] } })).statusCode).toBe(404);
    expect((await t.call(roleUserEndpoints.list, { token: admin, query: { roleId: 'no_such_role' } })).statusCode).toBe(404);
    expect((await call('GET', '/sys/user/userRoleList')).status).toBe(400);
  });
});

describe('role authorisation', () => {
  const flatten = (nodes: PermissionTreeNode[]): PermissionTreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
  const menuIds = (routes: MenuRoute[]): string[] => routes.flatMap((route) => [route.id, ...menuIds(route.children ?? [])]);
  const permissionsOf = async (token: string) => (await t.call(menuEndpoints.userPermissions, { token })).envelope.result;

  it('answers the whole menu and button tree in menu order, with every id', async () => {
    const { statusCode, envelope } = await t.call(roleEndpoints.permissionTree, { token: admin });
    expect(statusCode).toBe(200);
    const { treeList, ids } = envelope.result;
    const all = flatten(treeList);
    expect(all.map((node) => node.key).sort()).toEqual([...ids].sort());
    const system = treeList.find((node) => node.key === 'm-system');
    expect(system).toMatchObject({ title: 'System', isLeaf: false, icon: 'setting', parentId: null });
    expect(system?.children.map((node) => node.key).slice(0, 2)).toEqual(['m-system-user', 'm-system-role']);
    const users = system?.children[0];
    expect(users?.children[0]).toMatchObject({ key: 'b-user-list', title: 'List users', isLeaf: true, parentId: 'm-system-user', children: [] });
    expect(treeList.map((node) => node.key).indexOf('m-collector')).toBeLessThan(treeList.map((node) => node.key).indexOf('m-system'));
  });

  it('grants a new role only the Loggers menu, then widens it with Users: the same session follows at once', async () => {
    const roleId = await addRole('logger_watch', 'Logger watch');
    const userId = await addUser(t, admin, { username: 'watcher' });
    await t.call(roleUserEndpoints.add, { token: admin, body: { roleId, userIdList: [userId] } });
    const token = await t.login('watcher', 'Passw0rd1');
    expect((await permissionsOf(token)).menu).toEqual([]);

    const loggers = 'm-collector,b-logger-list';
    const saved = await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: loggers, lastpermissionIds: '' } });
    expect(saved.envelope).toMatchObject({ success: true, code: ServerCode.EDITED });
    expect(await grantsOf(roleId)).toEqual(['b-logger-list', 'm-collector']);
    const [link] = (await linksOf(roleId)).permissions;
    expect(Date.now() - (link?.operateDate.getTime() ?? 0)).toBeLessThan(60_000);
    let seen = await permissionsOf(token);
    expect(menuIds(seen.menu)).toEqual(['m-collector']);
    expect(seen.auth.map((a) => a.action)).toEqual([Permission.LoggerList]);
    expect((await call('GET', '/sys/user/list', { token })).status).toBe(403);

    const pushed = vi.spyOn(t.app.realtime, 'toUsers');
    const wide = `${loggers},m-system,m-system-user,b-user-list`;
    await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: wide, lastpermissionIds: loggers } });
    expect(pushed).toHaveBeenCalledWith([userId], 'permissions.changed', {});
    pushed.mockRestore();
    seen = await permissionsOf(token);
    expect(menuIds(seen.menu)).toEqual(['m-collector', 'm-system', 'm-system-user']);
    expect((await call('GET', '/sys/user/list', { token })).status).toBe(200);

    // Ids only in the loaded list are revoked: narrowing takes the Users screen away again.
    await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: loggers, lastpermissionIds: wide } });
    expect(await grantsOf(roleId)).toEqual(['b-logger-list', 'm-collector']);
    expect(menuIds((await permissionsOf(token)).menu)).toEqual(['m-collector']);
    expect((await call('GET', '/sys/user/list', { token })).status).toBe(403);
  });

  it('refuses a save naming an id that is not in the tree, or an unknown role, writing nothing', async () => {
    const roleId = await addRole('careful');
    await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: 'm-collector', lastpermissionIds: '' } });
    const refused = await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: 'm-system,m-system-user,foreign_id', lastpermissionIds: 'm-collector' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(refused.envelope.message).toContain('permissionIds');
    expect(await grantsOf(roleId)).toEqual(['m-collector']);
    expect((await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId: 'no_such_role', permissionIds: 'm-collector' } })).statusCode).toBe(404);
    expect((await t.call(roleEndpoints.grants, { token: admin, query: { roleId: 'no_such_role' } })).statusCode).toBe(404);
    expect((await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: 'a;b' } })).statusCode).toBe(400);
  });

  it('is for holders of the authorise permission only', async () => {
    const roleId = await addRole('lister');
    await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId, permissionIds: 'm-system,m-system-role,b-system-role-list', lastpermissionIds: '' } });
    await addUser(t, admin, { username: 'role_lister', selectedroles: roleId });
    const token = await t.login('role_lister', 'Passw0rd1');
    expect((await call('GET', '/sys/role/list', { token })).status).toBe(200);
    expect((await t.call(roleEndpoints.permissionTree, { token })).statusCode).toBe(403);
    expect((await t.call(roleEndpoints.grants, { token, query: { roleId } })).statusCode).toBe(403);
    expect((await t.call(roleEndpoints.saveGrants, { token, body: { roleId, permissionIds: 'm-collector' } })).statusCode).toBe(403);
    expect((await t.call(roleUserEndpoints.list, { token, query: { roleId } })).statusCode).toBe(403);
  });
});
