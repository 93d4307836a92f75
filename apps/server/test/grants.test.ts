import { ServerCode, menuEndpoints, roleEndpoints, roleUserEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/**
 * No one hands out more than they hold, and nobody locks the administrators out: giving roles (on
 * the Roles screen and in the user form), granting rows to roles, and putting codes on buttons.
 */

let t: TestApp;
let admin: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>) =>
  t.request({ method, url: `/boot${url}`, token, ...(method === 'GET' || method === 'DELETE' ? { query: body as Record<string, string> } : { payload: body }) });

/** A role granting exactly these menu and button rows; returns its id. */
const role = async (code: string, rows: string[]): Promise<string> => {
  const id = (await call(admin, 'POST', '/sys/role/add', { roleName: code, roleCode: code })).json().result as string;
  const saved = await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId: id, permissionIds: rows.join(','), lastpermissionIds: '' } });
  expect(saved.statusCode).toBe(200);
  return id;
};

/** A user holding one role, signed in; returns the token and the id. */
const member = async (username: string, roleId: string) => {
  const id = await addUser(t, admin, { username, selectedroles: roleId });
  return { id, token: await t.login(username, 'Passw0rd1') };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('granting', () => {
  it('a role-users manager cannot give anyone a role that grants more than they hold', async () => {
    const manager = await member('role_manager', await role('role_users_only', ['m-system', 'm-system-role', 'b-system-role-list', 'b-system-role-users']));
    const refused = await t.call(roleUserEndpoints.add, { token: manager.token, body: { roleId: 'r-admin', userIdList: [manager.id] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.message).toContain('system:user:list');
    expect((await call(manager.token, 'GET', '/sys/user/list')).statusCode).toBe(403);
    // A role within their own grants is fine.
    const listOnly = await role('role_list_only', ['m-system', 'm-system-role', 'b-system-role-list']);
    expect((await t.call(roleUserEndpoints.add, { token: manager.token, body: { roleId: listOnly, userIdList: [manager.id] } })).statusCode).toBe(200);
  });

  it('a role authoriser cannot grant rows whose codes they lack, to their own role or any other', async () => {
    const ownRole = await role('authoriser', ['m-system', 'm-system-role', 'b-system-role-list', 'b-system-role-authorize']);
    const authoriser = await member('role_authoriser', ownRole);
    const widen = await t.call(roleEndpoints.saveGrants, {
      token: authoriser.token,
      body: { roleId: ownRole, permissionIds: 'm-system,m-system-role,b-system-role-list,b-system-role-authorize,b-user-list', lastpermissionIds: 'm-system,m-system-role,b-system-role-list,b-system-role-authorize' },
    });
    expect(widen.statusCode).toBe(403);
    const grants = (await t.call(roleEndpoints.grants, { token: admin, query: { roleId: ownRole } })).envelope.result;
    expect(grants).not.toContain('b-user-list');
  });

  it('the user form gives only roles within the caller’s own grants', async () => {
    const clerk = await member('user_clerk', await role('user_clerk', ['m-system', 'm-system-user', 'b-user-list', 'b-user-add', 'b-user-edit']));
    const refused = await call(clerk.token, 'POST', '/sys/user/add', { username: 'would_be_admin', password: 'Passw0rd1', realname: 'Would Be', selectedroles: 'r-admin' });
    expect(refused.statusCode).toBe(403);
    const narrow = await role('list_users', ['m-system', 'm-system-user', 'b-user-list']);
    expect((await call(clerk.token, 'POST', '/sys/user/add', { username: 'plain_lister', password: 'Passw0rd1', realname: 'Plain', selectedroles: narrow })).statusCode).toBe(200);
    // Editing a user who already holds a bigger role, without changing roles, is not a grant.
    const adminHolder = await addUser(t, admin, { username: 'second_admin', selectedroles: 'r-admin' });
    expect((await call(clerk.token, 'PUT', '/sys/user/edit', { id: adminHolder, realname: 'Second Admin', selectedroles: 'r-admin' })).statusCode).toBe(200);
  });

  it('a menu editor cannot put a code they lack on a button, but may edit buttons otherwise', async () => {
    const editor = await member('menu_editor', await role('menu_editor', ['m-system', 'm-system-menu', 'b-system-permission-list', 'b-system-permission-edit']));
    const escalate = await t.call(menuEndpoints.edit, { token: editor.token, body: { id: 'b-system-permission-list', perms: 'system:permission:list,system:user:add' } });
    expect(escalate.statusCode).toBe(403);
    expect((await t.call(menuEndpoints.edit, { token: editor.token, body: { id: 'b-logger-list', name: 'List loggers' } })).statusCode).toBe(200);
  });
});

describe('the administrators are never locked out', () => {
  it('keeps every row granted to the administrator role', async () => {
    const grants = (await t.call(roleEndpoints.grants, { token: admin, query: { roleId: 'r-admin' } })).envelope.result;
    const refused = await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId: 'r-admin', permissionIds: grants.filter((id) => id !== 'b-system-role-authorize').join(','), lastpermissionIds: grants.join(',') } });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope).toMatchObject({ code: ServerCode.INCORRECT_PARAMETER, result: { errors: [{ field: 'permissionIds' }] } });
  });

  it('keeps at least one user in the administrator role', async () => {
    const holders = async () => (await t.call(roleUserEndpoints.list, { token: admin, query: { roleId: 'r-admin', pageSize: 100 } })).envelope.result.records;
    const ids = (await holders()).map((user) => user.id);
    const refused = await t.call(roleUserEndpoints.removeBatch, { token: admin, query: { roleId: 'r-admin', userIds: ids.join(',') } });
    expect(refused.statusCode).toBe(400);
    expect((await holders()).length).toBe(ids.length);
  });
});

describe('logs', () => {
  it("never show another tenant's users' sign-ins", async () => {
    const foreign = await addUser(t, admin, { username: 'far_away_user' });
    await moveToTenant(t, foreign, 7);
    await t.login('far_away_user', 'Passw0rd1');
    const rows = (await call(admin, 'GET', '/sys/log/list', { logType: '1', pageSize: '1000' })).json().result.records as { userid: string }[];
    expect(rows.some((row) => row.userid === 'admin')).toBe(true);
    expect(rows.some((row) => row.userid === 'far_away_user')).toBe(false);
  });
});
