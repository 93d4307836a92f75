import { type Envelope, Permission, ServerCode, legalEndpoints, menuEndpoints, roleEndpoints, tenantEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/**
 * Tenants that cannot touch each other (issue 26, items 1, 2 and the monitoring of 12), reproduced as
 * the issue did it on the quick start: the platform administrator makes tenant 2 and its
 * administrator `t2admin` through the API (tenant/add, user/add with the administrator role,
 * tenant/addUsers, tenant/removeUsers), and `t2admin` tries to take over the platform and to change
 * what tenant 1 sees. Every call here answered 200 and took effect before (docs/architecture.md,
 * "Platform and tenants").
 */
let t: TestApp;
let admin: string;
let t2admin: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token, ...(payload ? { payload } : {}) });
const ok = async (response: Promise<{ json(): { success: boolean; message: string; result: unknown } }>) => {
  const body = (await response).json();
  expect(body.success, body.message).toBe(true);
  return body.result;
};
/** `ok` for a contract endpoint's call (`t.call`): its result, typed. */
const okCall = async <T>(answer: Promise<{ envelope: Envelope<T> }>) => {
  const { envelope } = await answer;
  expect(envelope.success, envelope.message).toBe(true);
  return envelope.result;
};
const grantsOf = async (roleId: string) => (await queryRows<{ permission_id: string }>(t, sql`select permission_id from sys_role_permission where role_id = ${roleId} order by permission_id`)).map((r) => r.permission_id);
const idOf = async (username: string) => (await queryRows<{ id: string }>(t, sql`select id from sys_user where username = ${username}`))[0]?.id as string;
const refused = async (response: Promise<{ statusCode: number; json(): { code: number } } | { statusCode: number; envelope: { code: number } }>, status = 403) => {
  const answer = await response;
  expect(answer.statusCode).toBe(status);
  return 'envelope' in answer ? answer.envelope : answer.json();
};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  admin = await t.login('admin', adminPassword);
  await ok(call(admin, 'POST', '/sys/tenant/add', { id: 2, name: 'Second Distributor GmbH' }));
  const id = (await ok(call(admin, 'POST', '/sys/user/add', { username: 't2admin', password: 'Tenant2Admin1', realname: 'Tenant two', selectedroles: 'r-admin', accountType: 'admin' }))) as string;
  await okCall(t.call(tenantEndpoints.addUsers, { token: admin, body: { tenantId: 2, userIds: id } }));
  await okCall(t.call(tenantEndpoints.removeUsers, { token: admin, query: { tenantId: 1, userIds: id } }));
  t2admin = await t.login('t2admin', 'Tenant2Admin1');
}, 60_000);
afterAll(() => t?.close());

describe('1. no platform takeover through a shared role', () => {
  it("refuses a tenant administrator's grants on the platform's end-user role, and an end user cannot set the administrator's password", async () => {
    const before = await grantsOf('r-end-user');
    const answer = await refused(t.call(roleEndpoints.saveGrants, { token: t2admin, body: { roleId: 'r-end-user', permissionIds: [...before, 'b-user-list', 'b-user-password', 'm-system', 'm-system-user'].join(','), lastpermissionIds: before.join(',') } }));
    expect(answer.code).toBe(ServerCode.NO_PERMISSION);
    expect(await grantsOf('r-end-user')).toEqual(before);

    // The end user of the issue (tenant 1) holds no user permission, so the administrator's password stays.
    const enduser = await t.login('enduser', 'Enduser2026');
    await refused(call(enduser, 'PUT', '/sys/user/changePassword', { username: 'admin', password: 'Hijacked2026', confirmpassword: 'Hijacked2026' }));
    expect(await t.login('admin', adminPassword)).toBeTruthy();
  });

  it("refuses a tenant administrator every change of a platform role: its name, grants and deletion", async () => {
    await refused(call(t2admin, 'PUT', '/sys/role/edit', { id: 'r-end-user', roleName: 'Renamed by tenant 2' }));
    await refused(call(t2admin, 'DELETE', '/sys/role/delete?id=r-demo'));
    const [role] = await queryRows<{ role_name: string }>(t, sql`select role_name from sys_role where id = 'r-end-user'`);
    expect(role?.role_name).toBe('End user');
    expect((await queryRows(t, sql`select id from sys_role where id = 'r-demo'`)).length).toBe(1);
  });

  it('keeps a platform administrator out of reach of anyone who holds less: a user manager of tenant 1 cannot set its password', async () => {
    const role = (await ok(call(admin, 'POST', '/sys/role/add', { roleName: 'User manager', roleCode: 'user_manager' }))) as string;
    const ids = await queryRows<{ id: string }>(t, sql`select id from sys_permission where perms in (${Permission.UserList}, ${Permission.UserResetPassword}) or id in ('m-system', 'm-system-user')`);
    await okCall(t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId: role, permissionIds: ids.map((r) => r.id).join(','), lastpermissionIds: '' } }));
    await ok(call(admin, 'POST', '/sys/user/add', { username: 'usermanager', password: 'Manager2026x', realname: 'Manager', selectedroles: role }));
    const manager = await t.login('usermanager', 'Manager2026x');
    await refused(call(manager, 'PUT', '/sys/user/changePassword', { username: 'admin', password: 'Hijacked2026' }));
    expect(await t.login('admin', adminPassword)).toBeTruthy();
    // An account that holds no more than the manager is the manager's to reset.
    await ok(call(manager, 'PUT', '/sys/user/changePassword', { username: 'enduser2', password: 'Reset2026xx' }));
  });

  it("keeps an account that also belongs to tenant 1 out of tenant 2's administrator's hands", async () => {
    const shared = (await ok(call(admin, 'POST', '/sys/user/add', { username: 'both_tenants', password: 'BothTenants1', realname: 'Both', relTenantIds: '1' }))) as string;
    await okCall(t.call(tenantEndpoints.addUsers, { token: admin, body: { tenantId: 2, userIds: shared } }));
    await refused(call(t2admin, 'PUT', '/sys/user/changePassword', { username: 'both_tenants', password: 'Hijacked2026' }));
    await refused(call(t2admin, 'PUT', '/sys/user/frozenBatch', { ids: shared, status: 2 }));
    await refused(call(t2admin, 'PUT', '/sys/user/edit', { id: shared, realname: 'Renamed by tenant 2' }));
    expect(await t.login('both_tenants', 'BothTenants1')).toBeTruthy();
  });
});

describe("2. tenant 2's administrator cannot change what tenant 1 sees", () => {
  it('revoking a button from the platform’s installer role', async () => {
    const before = await grantsOf('r-installer');
    await refused(t.call(roleEndpoints.saveGrants, { token: t2admin, body: { roleId: 'r-installer', permissionIds: before.filter((id) => id !== 'b-logger-register').join(','), lastpermissionIds: before.join(',') } }));
    expect(await grantsOf('r-installer')).toContain('b-logger-register');
  });

  it('an external menu link', async () => {
    await refused(t.call(menuEndpoints.add, { token: t2admin, body: { name: 'Sign in again', menuType: 1, parentId: 'm-site', url: 'https://phish.invalid/login', component: 'layouts/IframePageView', internalOrExternal: true } }));
    expect(await queryRows(t, sql`select id from sys_permission where url = 'https://phish.invalid/login'`)).toEqual([]);
  });

  it('the texts of a dictionary item (event types)', async () => {
    const [item] = await queryRows<{ id: string; item_text: string }>(t, sql`select i.id, i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = 'event_type' and i.item_value = 'fault'`);
    await refused(call(t2admin, 'PUT', '/sys/dictItem/edit', { id: item?.id, itemText: 'Nothing to see' }));
    const [after] = await queryRows<{ item_text: string }>(t, sql`select item_text from sys_dict_item where id = ${item?.id}`);
    expect(after?.item_text).toBe(item?.item_text);
  });

  it('the public privacy text of the sign-in page', async () => {
    // Sent as POST, as the issue did (t.call would send PUT).
    await refused(call(t2admin, 'POST', '/sys/legal/edit', { kind: 'privacy', language: 'en-US', content: 'We sell your data.' }));
    const shown = await t.call(legalEndpoints.text, { query: { kind: 'privacy', language: 'en-US' } });
    expect(shown.envelope.result.content).not.toContain('We sell your data.');
  });

  it('pausing the alarm mail of every tenant', async () => {
    const [job] = await queryRows<{ id: string; status: number }>(t, sql`select id, status from sys_quartz_job where job_class_name = 'alarm.delivery'`);
    await refused(call(t2admin, 'GET', `/sys/quartzJob/pause?id=${job?.id}`));
    const [after] = await queryRows<{ status: number }>(t, sql`select status from sys_quartz_job where id = ${job?.id}`);
    expect(after?.status).toBe(job?.status);
  });

  it("tenant 1's next ticket number", async () => {
    const [rule] = await queryRows<{ id: string; rule_params: string }>(t, sql`select id, rule_params from sys_fill_rule where rule_code = 'ticket_order_num'`);
    await refused(call(t2admin, 'PUT', '/sys/fillRule/edit', { id: rule?.id, ruleParams: '{"prefix":"HACK","datePattern":"yyyyMMdd","digits":6}' }));
    const [after] = await queryRows<{ rule_params: string }>(t, sql`select rule_params from sys_fill_rule where id = ${rule?.id}`);
    expect(after?.rule_params).toBe(rule?.rule_params);
  });

  it("a tenant administrator makes another administrator of its tenant with the platform's administrator role", async () => {
    const deputy = (await ok(call(t2admin, 'POST', '/sys/user/add', { username: 't2deputy', password: 'Tenant2Deputy1', realname: 'Deputy', selectedroles: 'r-admin', accountType: 'admin' }))) as string;
    const [membership] = await queryRows<{ tenant_id: number }>(t, sql`select tenant_id from sys_user_tenant where user_id = ${deputy}`);
    expect(Number(membership?.tenant_id)).toBe(2);
    // Held by the role, yet of no use in tenant 2: the deputy is refused the platform's machinery too.
    const token = await t.login('t2deputy', 'Tenant2Deputy1');
    await refused(call(token, 'GET', '/sys/monitor/server'));
    expect((await call(token, 'GET', '/sys/user/list')).statusCode).toBe(200);
  });

  it('a tenant administrator keeps roles of its own, which no other tenant sees', async () => {
    const own = (await ok(call(t2admin, 'POST', '/sys/role/add', { roleName: 'Service desk', roleCode: 'service_desk' }))) as string;
    const [stored] = await queryRows<{ tenant_id: number | null }>(t, sql`select tenant_id from sys_role where id = ${own}`);
    expect(stored?.tenant_id).toBe(2);
    await ok(call(t2admin, 'PUT', '/sys/role/edit', { id: own, roleName: 'Service desk (2)' }));
    // The platform's roles are offered to tenant 2 beside its own; tenant 1's callers never see tenant 2's.
    const offered = (await okCall(t.call(roleEndpoints.options, { token: t2admin }))).map((r) => r.id);
    expect(offered).toEqual(expect.arrayContaining([own, 'r-end-user', 'r-installer']));
    expect((await okCall(t.call(roleEndpoints.options, { token: admin }))).map((r) => r.id)).not.toContain(own);
    await refused(call(admin, 'GET', `/sys/role/queryById?id=${own}`), 404);
    // The same code may be another tenant's too, but not a platform role's.
    const taken = await call(t2admin, 'POST', '/sys/role/add', { roleName: 'Installers', roleCode: 'installer' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().result.errors[0].field).toBe('roleCode');
  });
});

describe("2. each tenant's own organisation, positions and reports", () => {
  it("tenant 1's root department is out of tenant 2's sight: edit, users, tree", async () => {
    await refused(call(t2admin, 'PUT', '/sys/sysDepart/edit', { id: 'd-root', departName: 'Taken over' }), 404);
    const [root] = await queryRows<{ depart_name: string }>(t, sql`select depart_name from sys_depart where id = 'd-root'`);
    expect(root?.depart_name).toBe('Cellsight');
    await refused(call(t2admin, 'GET', '/sys/user/queryUserByDepId?id=d-root'), 404);
    await refused(call(t2admin, 'DELETE', '/sys/sysDepart/delete?id=d-root'), 404);
    expect(await ok(call(t2admin, 'GET', '/sys/sysDepart/queryTreeList'))).toEqual([]);
  });

  it('a tenant administrator builds its own tree, which tenant 1 never sees', async () => {
    const own = (await ok(call(t2admin, 'POST', '/sys/sysDepart/add', { departName: 'Second Distributor GmbH' }))) as string;
    const child = (await ok(call(t2admin, 'POST', '/sys/sysDepart/add', { departName: 'Service', parentId: own }))) as string;
    const stored = await queryRows<{ id: string; tenant_id: number }>(t, sql`select id, tenant_id from sys_depart where id in (${own}, ${child}) order by org_code`);
    expect(stored.map((row) => Number(row.tenant_id))).toEqual([2, 2]);
    const tree = (await ok(call(t2admin, 'GET', '/sys/sysDepart/queryTreeList'))) as { key: string; children: { key: string }[] }[];
    expect(tree.map((node) => node.key)).toEqual([own]);
    expect(tree[0]?.children.map((node) => node.key)).toEqual([child]);
    const platformTree = (await ok(call(admin, 'GET', '/sys/sysDepart/queryTreeList'))) as { key: string }[];
    expect(platformTree.map((node) => node.key)).toEqual(['d-root']);
    await refused(call(admin, 'PUT', '/sys/sysDepart/edit', { id: own, departName: 'Not yours' }), 404);
    // Tenant 2's users go into tenant 2's departments only.
    await refused(call(t2admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: 'd-root', userIdList: [await idOf('t2admin')] }), 404);
    await ok(call(t2admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: child, userIdList: [await idOf('t2admin')] }));
  });

  it("tenant 1's positions and reports are not tenant 2's to read or rename; tenant 2 keeps its own under the same codes", async () => {
    const position = (await ok(call(admin, 'POST', '/sys/position/add', { code: 'CTO', name: 'Chief technician', rank: '5' }))) as string;
    await refused(call(t2admin, 'PUT', '/sys/position/edit', { id: position, name: 'Renamed by tenant 2' }), 404);
    expect(((await ok(call(t2admin, 'GET', '/sys/position/list'))) as { records: unknown[] }).records).toEqual([]);
    await ok(call(t2admin, 'POST', '/sys/position/add', { code: 'CTO', name: 'Our chief technician', rank: '4' }));
    expect(((await ok(call(admin, 'GET', '/sys/position/list'))) as { records: { name: string }[] }).records.map((r) => r.name)).toEqual(['Chief technician']);

    const report = 'rp0stations000000000000000000001';
    await refused(call(t2admin, 'PUT', '/online/cgreport/head/edit', { id: report, name: 'Renamed by tenant 2' }), 404);
    await refused(call(t2admin, 'GET', `/online/cgreport/api/getData/${report}`), 404);
    const [head] = await queryRows<{ name: string }>(t, sql`select name from onl_cgreport_head where id = ${report}`);
    expect(head?.name).toBe('Stations');
    const own = (await ok(call(t2admin, 'POST', '/online/cgreport/head/add', { code: 'report_stations', name: 'Our stations', cgrSql: 'select id, name from report.stations' }))) as string;
    expect(await ok(call(t2admin, 'GET', `/online/cgreport/api/getData/${own}`))).toMatchObject({ total: 0 });
    // Data sources are the platform's: a tenant's report cannot name one.
    await refused(call(t2admin, 'POST', '/online/cgreport/head/add', { code: 'foreign', name: 'Elsewhere', cgrSql: 'select 1 as one', dbSource: 'anything' }));
  });
});

describe("12. the platform's monitoring is the platform administrators'", () => {
  it('refuses a tenant administrator the process-wide monitoring and ingestion counters, and its console offers none', async () => {
    for (const url of ['/sys/monitor/broker', '/sys/monitor/database', '/sys/monitor/server', '/want/ingest/stats']) {
      await refused(call(t2admin, 'GET', url));
      expect((await call(admin, 'GET', url)).statusCode).toBe(200);
    }
    const menu = await okCall(t.call(menuEndpoints.userPermissions, { token: t2admin }));
    const codes = menu.auth.map((a) => a.action);
    expect(codes).toContain(Permission.UserList);
    for (const code of [Permission.MonitorView, Permission.JobPause, Permission.DataSourceList, Permission.GatewayRouteList, Permission.DictAdd, Permission.MenuAdd]) expect(codes).not.toContain(code);
    const paths = menu.menu.flatMap((root) => [root.path, ...(root.children ?? []).map((c) => c.path)]);
    expect(paths).toContain('/system/user');
    for (const path of ['/system/monitor', '/system/quartzJob', '/system/dataSource', '/system/gatewayRoute', '/system/legal']) expect(paths).not.toContain(path);
  });
});
