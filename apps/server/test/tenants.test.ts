import { ServerCode, TenantMessage, tenantEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant, queryRows } from './support/test-app.js';

/**
 * Tenants (System → Tenants): the platform administrator (of the platform's own tenant 1) adds,
 * edits, freezes and deletes them; an administrator of tenant 2 sees only tenant 2 and 404 for the
 * others; a frozen tenant's users cannot work in it; a tenant with users is not deleted.
 */
let t: TestApp;
let admin: string;
let tenantAdmin: string;
let tenantAdminId: string;

/** A raw call: the tenant resource's calls, refusals read by their field errors, and other headers. */
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.request({ method, url: `/boot${url}`, token, headers, ...(payload ? { payload } : {}) });
const names = async (token: string, query = '') => ((await call(token, 'GET', `/sys/tenant/list?pageSize=100${query}`)).json().result.records as { name: string }[]).map((r) => r.name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  tenantAdminId = await addUser(t, admin, { username: 'tenant2_admin', selectedroles: 'r-admin' });
  await moveToTenant(t, tenantAdminId, 2);
  tenantAdmin = await t.login('tenant2_admin', 'Passw0rd1');
  await t.app.db.execute(sql`insert into sys_tenant (id, name) values (3, 'Tenant 3') on conflict do nothing`);
}, 60_000);
afterAll(() => t?.close());

describe('who sees which tenants', () => {
  it('the platform administrator lists every tenant, with its users', async () => {
    const body = (await call(admin, 'GET', '/sys/tenant/list?pageSize=100')).json();
    expect(body.result.records.map((r: { id: number }) => r.id)).toEqual([1, 2, 3]);
    expect(body.result.records[1]).toMatchObject({ id: 2, name: 'Tenant 2', status: 1, status_dictText: 'Normal', userCount: 1 });
  });

  it('an administrator of tenant 2 lists only tenant 2 and gets 404 for tenant 1 and 3, also by queryList', async () => {
    expect(await names(tenantAdmin)).toEqual(['Tenant 2']);
    for (const id of [1, 3]) {
      const response = await call(tenantAdmin, 'GET', `/sys/tenant/queryById?id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    }
    expect((await t.call(tenantEndpoints.queryList, { token: tenantAdmin, query: { ids: '1,2,3' } })).envelope.result.map((r) => r.id)).toEqual([2]);
    expect((await t.call(tenantEndpoints.users, { token: tenantAdmin, query: { tenantId: 1 } })).statusCode).toBe(404);
  });

  it('a tenant administrator neither adds, edits, freezes nor deletes tenants, not even its own', async () => {
    expect((await call(tenantAdmin, 'POST', '/sys/tenant/add', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(tenantAdmin, 'PUT', '/sys/tenant/edit', { id: 2, name: 'Renamed' })).statusCode).toBe(403);
    expect((await t.call(tenantEndpoints.freeze, { token: tenantAdmin, body: { ids: '2', status: 0 } })).statusCode).toBe(403);
    // Tenants are the platform's records: a tenant administrator's write is refused before any tenant is read, so it learns nothing of others.
    expect((await call(tenantAdmin, 'PUT', '/sys/tenant/edit', { id: 1, name: 'Renamed' })).statusCode).toBe(403);
    expect((await call(tenantAdmin, 'DELETE', '/sys/tenant/delete?id=3')).statusCode).toBe(403);
  });
});

describe('adding and editing', () => {
  it('adds a tenant with the next free number, or the number given; a taken number is refused on its field', async () => {
    const added = (await call(admin, 'POST', '/sys/tenant/add', { name: 'Solar Co', beginDate: '2026-01-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z' })).json();
    expect(added).toMatchObject({ success: true, code: ServerCode.ADDED, result: '4' });
    expect((await call(admin, 'POST', '/sys/tenant/add', { id: 10, name: 'Wind Co' })).json()).toMatchObject({ success: true, result: '10' });
    const taken = await call(admin, 'POST', '/sys/tenant/add', { id: 10, name: 'Again' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().result.errors).toEqual([{ field: 'id', message: TenantMessage.idTaken }]);
  });

  it('refuses an end before the begin, naming endDate, also against the stored begin', async () => {
    const both = await call(admin, 'POST', '/sys/tenant/add', { name: 'Backwards', beginDate: '2026-05-01T00:00:00Z', endDate: '2026-04-01T00:00:00Z' });
    expect(both.statusCode).toBe(400);
    expect(both.json().result.errors[0].field).toBe('endDate');
    const one = await call(admin, 'PUT', '/sys/tenant/edit', { id: 4, endDate: '2025-01-01T00:00:00Z' });
    expect(one.statusCode).toBe(400);
    expect(one.json().result.errors[0].field).toBe('endDate');
  });

  it('edits the name and validity', async () => {
    expect((await call(admin, 'PUT', '/sys/tenant/edit', { id: 4, name: 'Solar Company', endDate: null })).json()).toMatchObject({ success: true });
    expect((await call(admin, 'GET', '/sys/tenant/queryById?id=4')).json().result).toMatchObject({ name: 'Solar Company', beginDate: '2026-01-01T00:00:00.000Z', endDate: null });
    // Only decimal numbers name a tenant: 0x4 and 4e0 name none (they were read as 4 once, and failed in the database).
    for (const id of ['0x4', '4e0']) expect((await call(admin, 'GET', `/sys/tenant/queryById?id=${encodeURIComponent(id)}`)).statusCode, id).toBe(404);
  });
});

describe("a tenant's users", () => {
  it('adds users to a tenant (users belong to several) and lists them; takes them out again', async () => {
    const userId = await addUser(t, admin, { username: 'multi_tenant_user' });
    expect((await t.call(tenantEndpoints.addUsers, { token: admin, body: { tenantId: 4, userIds: userId } })).envelope).toMatchObject({ success: true });
    const listed = (await t.call(tenantEndpoints.users, { token: admin, query: { tenantId: 4 } })).envelope.result.records.map((u) => u.username);
    expect(listed).toEqual(['multi_tenant_user']);
    const memberships = await queryRows<{ tenant_id: number }>(t, sql`select tenant_id from sys_user_tenant where user_id = ${userId} order by tenant_id`);
    expect(memberships.map((m) => m.tenant_id)).toEqual([1, 4]);
  });

  it("refuses users the caller does not see, and taking a user out of their only tenant", async () => {
    const foreign = await call(tenantAdmin, 'POST', '/sys/tenant/addUsers', { tenantId: 2, userIds: 'e9ca23d68d884d4ebb19d07889727dae' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().result.errors[0].field).toBe('userIds');
    const only = await call(admin, 'DELETE', `/sys/tenant/removeUsers?tenantId=2&userIds=${tenantAdminId}`);
    expect(only.statusCode).toBe(400);
    expect(only.json().result.errors[0].field).toBe('userIds');
  });

  it('a tenant with users is not deleted, with a clear message; once empty it is', async () => {
    const refused = await call(admin, 'DELETE', '/sys/tenant/delete?id=4');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: ServerCode.OPERATION_FAILED, message: `Solar Company: ${TenantMessage.inUse} (1 user(s))` });
    const userId = (await queryRows<{ id: string }>(t, sql`select id from sys_user where username = 'multi_tenant_user'`))[0]?.id ?? '';
    expect((await t.call(tenantEndpoints.removeUsers, { token: admin, query: { tenantId: 4, userIds: userId } })).envelope).toMatchObject({ success: true });
    expect((await call(admin, 'DELETE', '/sys/tenant/deleteBatch?ids=4,10')).json()).toMatchObject({ success: true });
    expect(await names(admin)).toEqual(['Cellsight', 'Tenant 2', 'Tenant 3']);
  });

  it("the platform's own tenant is neither frozen nor deleted", async () => {
    expect((await t.call(tenantEndpoints.freeze, { token: admin, body: { ids: '1', status: 0 } })).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', '/sys/tenant/delete?id=1')).statusCode).toBe(400);
  });
});

describe('freezing', () => {
  it("ends the sessions of users left with no other tenant, refuses their sign-in, and lets them back once unfrozen", async () => {
    const before = await call(tenantAdmin, 'GET', '/sys/tenant/list');
    expect(before.statusCode).toBe(200);
    expect((await t.call(tenantEndpoints.freeze, { token: admin, body: { ids: '2', status: 0 } })).envelope).toMatchObject({ success: true });
    expect((await call(tenantAdmin, 'GET', '/sys/tenant/list')).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'tenant2_admin', password: 'Passw0rd1' } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: ServerCode.ACCOUNT_FROZEN, message: TenantMessage.frozen });
    // The platform administrator still sees it, frozen, to unfreeze it.
    expect((await call(admin, 'GET', '/sys/tenant/queryById?id=2')).json().result).toMatchObject({ status: 0, status_dictText: 'Frozen' });
    expect((await t.call(tenantEndpoints.freeze, { token: admin, body: { ids: '2', status: 1 } })).envelope).toMatchObject({ success: true });
    tenantAdmin = await t.login('tenant2_admin', 'Passw0rd1');
    expect(await names(tenantAdmin)).toEqual(['Tenant 2']);
  });

  it('a user of a frozen tenant and another works on in the other; a session working in the frozen one ends', async () => {
    const userId = await addUser(t, admin, { username: 'two_tenant_user', selectedroles: 'r-admin' });
    await t.app.db.execute(sql`insert into sys_user_tenant (user_id, tenant_id) values (${userId}, 3)`);
    const inThree = await t.login('two_tenant_user', 'Passw0rd1');
    const inOne = await t.login('two_tenant_user', 'Passw0rd1');
    expect((await call(inThree, 'GET', '/sys/tenant/list', undefined, { 'tenant-id': '3' })).statusCode).toBe(200);
    expect((await t.call(tenantEndpoints.freeze, { token: admin, body: { ids: '3', status: 0 } })).envelope).toMatchObject({ success: true });
    const ended = await call(inThree, 'GET', '/sys/tenant/list', undefined, { 'tenant-id': '3' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(TenantMessage.frozen);
    expect((await call(inThree, 'GET', '/sys/tenant/list')).statusCode).toBe(401);
    // The other session goes on in tenant 1, where the frozen tenant's records are no longer read.
    expect((await call(inOne, 'GET', '/sys/user/list', undefined, { 'tenant-id': '1' })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'two_tenant_user', password: 'Passw0rd1' } })).json().result.tenantList.map((x: { id: number }) => x.id)).toEqual([1]);
  });
});

describe('bad input', () => {
  it('names the field: a non-number tenant, an empty name, a status that is neither 0 nor 1', async () => {
    expect((await call(admin, 'GET', '/sys/tenant/queryById?id=abc')).statusCode).toBe(404);
    const name = await call(admin, 'POST', '/sys/tenant/add', { name: ' ' });
    expect(name.statusCode).toBe(400);
    expect(name.json().result.errors[0].field).toBe('name');
    const status = await call(admin, 'PUT', '/sys/tenant/frozenBatch', { ids: '2', status: 2 });
    expect(status.statusCode).toBe(400);
    expect(status.json().result.errors[0].field).toBe('status');
    const ids = await call(admin, 'PUT', '/sys/tenant/frozenBatch', { ids: 'x', status: 0 });
    expect(ids.json().result.errors[0].field).toBe('ids');
    const selections = await call(admin, 'GET', '/sys/tenant/exportXls?selections=abc,2');
    expect(selections.statusCode).toBe(400);
    expect(selections.json().result.errors[0].field).toBe('selections');
    expect((await call(admin, 'GET', '/sys/tenant/exportCsv?selections=2')).body).toContain('Tenant 2');
  });
});
