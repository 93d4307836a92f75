import { type DataRuleOperator, type Endpoint, Permission, ServerCode, dataRuleEndpoints, departEndpoints, departRoleEndpoints, departUserEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointCall, type TestApp, addUser, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/**
 * Data rules (reference section 9) and department permissions through the API: a rule a role chose
 * narrows that role's users' lists and exports, whatever it compares with is a bound value, and a
 * department role's user holds the menus the role was given within the department's.
 */

let t: TestApp;
let admin: string;

interface Body<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  result: T;
}

const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { query?: Record<string, string>; payload?: object; token?: string } = {}) => {
  const response = await t.request({ method, url: `/boot${url}`, token: options.token ?? admin, query: options.query, payload: options.payload });
  return { status: response.statusCode, body: response.json() as Body<T>, text: response.body };
};

const ok = async <T = unknown>(...args: Parameters<typeof call>) => {
  const answer = await call<T>(...args);
  if (answer.status !== 200) throw new Error(`${args[1]}: ${answer.text}`);
  return answer.body.result;
};

/** A contract call as the administrator (unless `token` says otherwise) that must succeed: its typed result. */
const okCall = async <E extends Endpoint>(endpoint: E, input: EndpointCall<E> = {}) => {
  const { statusCode, envelope, response } = await t.call(endpoint, { token: admin, ...input });
  if (statusCode !== 200) throw new Error(`${endpoint.path}: ${response.body}`);
  return envelope.result;
};

const addRole = async (roleCode: string) => {
  await ok('POST', '/sys/role/add', { payload: { roleCode, roleName: roleCode } });
  const page = await ok<{ records: { id: string }[] }>('GET', '/sys/role/list', { query: { roleCode } });
  return page.records[0]!.id;
};

const grant = (roleId: string, ids: string[]) => ok('POST', '/sys/permission/saveRolePermission', { payload: { roleId, permissionIds: ids.join(','), lastpermissionIds: '' } });

const addRule = async (permissionId: string, rule: { ruleColumn: string; ruleConditions: DataRuleOperator; ruleValue: string; ruleName?: string }) => {
  await okCall(dataRuleEndpoints.add, { body: { permissionId, ruleName: rule.ruleName ?? `${rule.ruleColumn} ${rule.ruleConditions}`, ...rule } });
  const rules = await okCall(dataRuleEndpoints.list, { query: { permissionId } });
  return rules.find((r) => r.ruleColumn === rule.ruleColumn && r.ruleValue === rule.ruleValue)!.id;
};

const usernames = async (token: string, query: Record<string, string> = {}) =>
  (await ok<{ records: { username: string }[] }>('GET', '/sys/user/list', { token, query: { pageSize: '100', ...query } })).records.map((r) => r.username).sort();

let viewerRole: string;
let alice: string;

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  admin = await t.login('admin', adminPassword);
  viewerRole = await addRole('dr_viewer');
  // The Users menu, its list and export buttons, and the Positions screen (a list of the screen kit).
  await grant(viewerRole, ['m-system-user', 'b-user-list', 'b-user-export', 'm-system-position', 'b-system-position-list']);
  await addUser(t, admin, { username: 'dr_alice', realname: 'Alice', selectedroles: viewerRole });
  await addUser(t, admin, { username: 'dr_bob', realname: 'Bob' });
  await addUser(t, admin, { username: 'dr_carol', realname: 'Carol' });
  alice = await t.login('dr_alice', 'Passw0rd1');
});
afterAll(() => t.close());

describe('data rules on a role', () => {
  it('a chosen rule narrows the list and the export; removing it restores them', async () => {
    expect(await usernames(alice)).toEqual(expect.arrayContaining(['admin', 'dr_alice', 'dr_bob', 'dr_carol']));

    const own = await addRule('m-system-user', { ruleColumn: 'username', ruleConditions: '=', ruleValue: '#{sys_user_code}', ruleName: 'Only me' });
    // Written but not chosen: nobody is narrowed yet.
    expect((await usernames(alice)).length).toBeGreaterThan(1);

    await okCall(dataRuleEndpoints.saveRoleChoice, { body: { permissionId: 'm-system-user', roleId: viewerRole, dataRuleIds: own } });
    expect(await okCall(dataRuleEndpoints.roleChoice, { params: { permissionId: 'm-system-user', roleId: viewerRole } })).toMatchObject({ drChecked: own, datarule: [expect.objectContaining({ id: own, ruleName: 'Only me' })] });
    expect(await usernames(alice)).toEqual(['dr_alice']);
    // The user's own filters still apply within the rule, never beyond it.
    expect(await usernames(alice, { username: 'dr_bob' })).toEqual([]);
    // The administrator's role chose nothing: the whole list.
    expect(await usernames(admin)).toEqual(expect.arrayContaining(['dr_alice', 'dr_bob']));

    const csv = await t.request({ method: 'GET', url: '/boot/sys/user/exportCsv', token: alice });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('dr_alice');
    expect(csv.body).not.toContain('dr_bob');
    // Picking rows by id does not reach past the rule either.
    const ids = await queryRows<{ id: string }>(t, sql`select id from sys_user where username = 'dr_bob'`);
    const picked = await t.request({ method: 'GET', url: '/boot/sys/user/exportCsv', token: alice, query: { selections: ids[0]!.id } });
    expect(picked.body).not.toContain('dr_bob');

    await okCall(dataRuleEndpoints.delete, { query: { id: own } });
    expect(await usernames(alice)).toEqual(expect.arrayContaining(['dr_alice', 'dr_bob', 'dr_carol']));
    expect(await okCall(dataRuleEndpoints.roleChoice, { params: { permissionId: 'm-system-user', roleId: viewerRole } })).toMatchObject({ drChecked: '', datarule: [] });
  });

  it('several chosen rules must all hold; a second role without rules does not lift them', async () => {
    const prefix = await addRule('m-system-user', { ruleColumn: 'username', ruleConditions: 'RIGHT_LIKE', ruleValue: 'dr_' });
    const notBob = await addRule('m-system-user', { ruleColumn: 'realname', ruleConditions: '!=', ruleValue: 'Bob' });
    await okCall(dataRuleEndpoints.saveRoleChoice, { body: { permissionId: 'm-system-user', roleId: viewerRole, dataRuleIds: `${prefix},${notBob}` } });
    expect(await usernames(alice)).toEqual(['dr_alice', 'dr_carol']);

    // JeecgBoot unions the chosen rules of every role holding the menu: another role's "no rule" adds no rows.
    const second = await addRole('dr_second');
    await grant(second, ['m-system-user', 'b-user-list']);
    const aliceId = (await queryRows<{ id: string }>(t, sql`select id from sys_user where username = 'dr_alice'`))[0]!.id;
    await ok('POST', '/sys/user/addSysUserRole', { payload: { roleId: second, userIdList: [aliceId] } });
    expect(await usernames(alice)).toEqual(['dr_alice', 'dr_carol']);

    // A rule switched off no longer applies.
    await okCall(dataRuleEndpoints.edit, { body: { id: notBob, status: '0' } });
    expect(await usernames(alice)).toEqual(['dr_alice', 'dr_bob', 'dr_carol']);
    for (const id of [prefix, notBob]) await okCall(dataRuleEndpoints.delete, { query: { id } });
  });

  it('narrows a list of the screen kit (positions) by a literal', async () => {
    for (const [code, name] of [['NORTH_1', 'North lead'], ['SOUTH_1', 'South lead']]) await ok('POST', '/sys/position/add', { payload: { code, name, rank: '2' } });
    const north = await addRule('m-system-position', { ruleColumn: 'code', ruleConditions: 'IN', ruleValue: 'NORTH_1,EAST_1' });
    await okCall(dataRuleEndpoints.saveRoleChoice, { body: { permissionId: 'm-system-position', roleId: viewerRole, dataRuleIds: north } });
    const page = await ok<{ records: { code: string }[]; total: number }>('GET', '/sys/position/list', { token: alice });
    expect(page.records.map((r) => r.code)).toEqual(['NORTH_1']);
    expect(page.total).toBe(1);
    await okCall(dataRuleEndpoints.delete, { query: { id: north } });
  });

  it('an injection text in the value is only a value', async () => {
    const injected = await addRule('m-system-user', { ruleColumn: 'username', ruleConditions: '=', ruleValue: "x' or '1'='1" });
    const semicolon = await addRule('m-system-user', { ruleColumn: 'realname', ruleConditions: 'LIKE', ruleValue: "%'; drop table sys_user; --" });
    await okCall(dataRuleEndpoints.saveRoleChoice, { body: { permissionId: 'm-system-user', roleId: viewerRole, dataRuleIds: injected } });
    expect(await usernames(alice)).toEqual([]);
    await okCall(dataRuleEndpoints.saveRoleChoice, { body: { permissionId: 'm-system-user', roleId: viewerRole, dataRuleIds: semicolon } });
    expect(await usernames(alice)).toEqual([]);
    expect((await queryRows<{ n: number }>(t, sql`select cast(count(*) as integer) as n from sys_user`))[0]!.n).toBeGreaterThan(3);
    for (const id of [injected, semicolon]) await okCall(dataRuleEndpoints.delete, { query: { id } });
    expect((await usernames(alice)).length).toBeGreaterThan(3);
  });

  it('refuses a bad column, operator, variable or value, naming the field', async () => {
    const refused = async (payload: object, field: string) => {
      const answer = await call('POST', '/sys/permission/addPermissionRule', { payload: { permissionId: 'm-system-user', ruleName: 'bad', ruleColumn: 'username', ruleConditions: '=', ruleValue: 'x', ...payload } });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.message).toContain(field);
    };
    await refused({ ruleColumn: 'password' }, 'ruleColumn');
    await refused({ ruleColumn: 'user_name; drop' }, 'ruleColumn');
    await refused({ ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' }, 'ruleConditions');
    await refused({ ruleConditions: 'BETWEEN' }, 'ruleConditions');
    await refused({ ruleValue: '#{sys_password}' }, 'ruleValue');
    await refused({ ruleColumn: 'status', ruleValue: 'frozen' }, 'ruleValue');
    await refused({ ruleColumn: 'status', ruleConditions: 'LIKE', ruleValue: '1' }, 'ruleConditions');
    // A button, or a menu without a list, holds no rules.
    await refused({ permissionId: 'b-user-list' }, 'permissionId');
    await refused({ permissionId: 'm-system-legal' }, 'permissionId');
    expect(await okCall(dataRuleEndpoints.list, { query: { permissionId: 'm-system-user' } })).toEqual([]);
    expect(await okCall(dataRuleEndpoints.columns, { query: { permissionId: 'm-system-user' } })).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'username', type: 'text' })]));

    // A role's choice needs the menu and the menu's own rules.
    const rule = await addRule('m-system-user', { ruleColumn: 'status', ruleConditions: '=', ruleValue: '1' });
    const lacking = await addRole('dr_lacking');
    const noMenu = await t.call(dataRuleEndpoints.saveRoleChoice, { token: admin, body: { permissionId: 'm-system-user', roleId: lacking, dataRuleIds: rule } });
    expect(noMenu.statusCode).toBe(400);
    expect(noMenu.envelope.message).toContain('permissionId');
    const otherMenu = await t.call(dataRuleEndpoints.saveRoleChoice, { token: admin, body: { permissionId: 'm-system-position', roleId: viewerRole, dataRuleIds: rule } });
    expect(otherMenu.statusCode).toBe(400);
    expect(otherMenu.envelope.message).toContain('dataRuleIds');
    const searched = await okCall(dataRuleEndpoints.search, { query: { permissionId: 'm-system-user', ruleValue: '1' } });
    expect(searched.map((r) => r.id)).toEqual([rule]);
    await okCall(dataRuleEndpoints.delete, { query: { id: rule } });
  });

  it('the demo account cannot write, and every call needs its permission', async () => {
    const demo = await t.login('demo', 'Demo2026');
    const write = await t.call(dataRuleEndpoints.add, { token: demo, body: { permissionId: 'm-system-user', ruleName: 'x', ruleColumn: 'username', ruleConditions: '=', ruleValue: 'x' } });
    expect(write.statusCode).toBe(403);
    for (const [method, url, query] of [
      ['GET', '/sys/permission/getPermRuleListByPermId', { permissionId: 'm-system-user' }],
      ['GET', '/sys/permission/queryDepartPermission', { departId: 'x' }],
      ['GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: 'x' }],
      ['GET', '/sys/sysDepartRole/list', {}],
      ['GET', `/sys/role/datarule/m-system-user/${viewerRole}`, {}],
    ] as const) {
      const answer = await call(method, url, { token: alice, query });
      expect(answer.status, url).toBe(403);
      expect(answer.body.code).toBe(ServerCode.NO_PERMISSION);
    }
    const save = await t.call(departRoleEndpoints.saveDepartGrants, { token: alice, body: { departId: 'x', permissionIds: 'm-system-user' } });
    expect(save.statusCode).toBe(403);
  });
});

describe('department permissions and department roles', () => {
  it('saves and loads a department`s permissions; a department role`s user gets the menu within them', async () => {
    const departId = await okCall(departEndpoints.add, { body: { departName: 'Field office' } });
    await okCall(departRoleEndpoints.saveDepartGrants, { body: { departId, permissionIds: 'm-system-user,b-user-list,m-system-role', lastpermissionIds: '' } });
    expect((await okCall(departRoleEndpoints.departGrants, { query: { departId } })).sort()).toEqual(['b-user-list', 'm-system-role', 'm-system-user']);
    await okCall(departRoleEndpoints.saveDepartGrants, { body: { departId, permissionIds: 'm-system-user,b-user-list', lastpermissionIds: 'm-system-user,b-user-list,m-system-role' } });
    expect((await okCall(departRoleEndpoints.departGrants, { query: { departId } })).sort()).toEqual(['b-user-list', 'm-system-user']);
    const unknown = await t.call(departRoleEndpoints.saveDepartGrants, { token: admin, body: { departId, permissionIds: 'no-such-row' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.message).toContain('permissionIds');

    const tree = await okCall(departRoleEndpoints.departTree, { query: { departId } });
    expect(tree.ids.sort()).toEqual(['b-user-list', 'm-system-user']);

    await ok('POST', '/sys/sysDepartRole/add', { payload: { departId, roleName: 'Office clerk', roleCode: 'dr_clerk' } });
    const roleId = (await ok<{ records: { id: string }[] }>('GET', '/sys/sysDepartRole/list', { query: { departId } })).records[0]!.id;
    const missingDepart = await call('POST', '/sys/sysDepartRole/add', { payload: { departId: 'nowhere', roleName: 'Lost', roleCode: 'dr_lost' } });
    expect(missingDepart.status).toBe(404);
    expect(missingDepart.body.message).toContain('departId');

    const beyond = await t.call(departRoleEndpoints.saveRoleGrants, { token: admin, body: { roleId, permissionIds: 'm-system-user,b-user-list,m-system-role' } });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.envelope.message).toContain('permissionIds');
    await okCall(departRoleEndpoints.saveRoleGrants, { body: { roleId, permissionIds: 'm-system-user,b-user-list', lastpermissionIds: '' } });
    expect((await okCall(departRoleEndpoints.roleGrants, { query: { roleId } })).sort()).toEqual(['b-user-list', 'm-system-user']);

    // Only users of the department may hold its role.
    const outsider = await addUser(t, admin, { username: 'dr_outsider' });
    const refused = await t.call(departRoleEndpoints.addUsers, { token: admin, body: { roleId, userIdList: [outsider] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope.message).toContain('userIdList');

    const clerkId = await addUser(t, admin, { username: 'dr_clerk', realname: 'Clerk' });
    await okCall(departUserEndpoints.add, { body: { depId: departId, userIdList: [clerkId] } });
    const clerk = await t.login('dr_clerk', 'Passw0rd1');
    expect((await call('GET', '/sys/user/list', { token: clerk })).status).toBe(403);
    await okCall(departRoleEndpoints.addUsers, { body: { roleId, userIdList: [clerkId] } });
    const holders = await okCall(departRoleEndpoints.users, { query: { roleId } });
    expect(holders.records.map((r) => r.username)).toEqual(['dr_clerk']);

    // The grant counts at once, on the menu and on every route check.
    const menu = await ok<{ menu: { path: string; children?: { path: string }[] }[]; auth: { action: string }[] }>('GET', '/sys/permission/getUserPermissionByToken', { token: clerk });
    expect(JSON.stringify(menu.menu)).toContain('/system/user');
    expect(menu.auth.map((a) => a.action)).toContain(Permission.UserList);
    expect((await call('GET', '/sys/user/list', { token: clerk })).status).toBe(200);

    // The department's rules bound its roles'; a chosen rule narrows the role's users.
    const own = await addRule('m-system-user', { ruleColumn: 'username', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    const notOffered = await t.call(departRoleEndpoints.saveRoleChoice, { token: admin, body: { permissionId: 'm-system-user', roleId, dataRuleIds: own } });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.envelope.message).toContain('dataRuleIds');
    await okCall(departRoleEndpoints.saveDepartChoice, { body: { permissionId: 'm-system-user', departId, dataRuleIds: own } });
    expect(await okCall(departRoleEndpoints.departChoice, { params: { permissionId: 'm-system-user', departId } })).toMatchObject({ drChecked: own });
    expect(await okCall(departRoleEndpoints.roleChoice, { params: { permissionId: 'm-system-user', roleId } })).toMatchObject({ drChecked: '', datarule: [expect.objectContaining({ id: own })] });
    await okCall(departRoleEndpoints.saveRoleChoice, { body: { permissionId: 'm-system-user', roleId, dataRuleIds: own } });
    expect(await usernames(clerk)).toEqual(['dr_clerk']);

    // Taking the menu from the department takes it from its role's user at once.
    await okCall(departRoleEndpoints.saveDepartGrants, { body: { departId, permissionIds: '', lastpermissionIds: 'm-system-user,b-user-list' } });
    expect((await call('GET', '/sys/user/list', { token: clerk })).status).toBe(403);
    await okCall(dataRuleEndpoints.delete, { query: { id: own } });
  });
});
