import { departEndpoints, departUserEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/**
 * The address book (System → Address book): users by department, a department's sub-departments
 * included, searchable, within the caller's tenants; guarded by system:addressbook:list.
 */
let t: TestApp;
let admin: string;
let installer: string;
let sales: string;
let salesNorth: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => t.request({ method, url: `/boot${url}`, token, ...(payload ? { payload } : {}) });
const book = async (query: Record<string, string>, token = admin) => {
  const response = await t.request({ method: 'GET', url: '/boot/sys/user/queryByOrgCodeForAddressList', token, query: { pageSize: '100', column: 'username', order: 'asc', ...query } });
  return response;
};
const usernames = async (query: Record<string, string>) => {
  const body = (await book(query)).json();
  expect(body, body.message).toMatchObject({ success: true });
  return (body.result.records as { username: string }[]).map((r) => r.username);
};
const addDepart = async (departName: string, parentId?: string): Promise<string> => {
  const { envelope } = await t.call(departEndpoints.add, { token: admin, body: { departName, ...(parentId ? { parentId } : {}) } });
  expect(envelope, envelope.message).toMatchObject({ success: true });
  return envelope.result;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  sales = await addDepart('Sales');
  salesNorth = await addDepart('Sales North', sales);
  const service = await addDepart('Service');
  const anna = await addUser(t, admin, { username: 'anna_sales', realname: 'Anna Berg', phone: '13800000001', email: 'anna@example.invalid' });
  const ben = await addUser(t, admin, { username: 'ben_north', realname: 'Ben Nord' });
  const carl = await addUser(t, admin, { username: 'carl_service', realname: 'Carl Dienst' });
  const dora = await addUser(t, admin, { username: 'dora_other', realname: 'Dora Fremd' });
  for (const [depId, userIdList] of [
    [sales, [anna]],
    [salesNorth, [ben, dora]],
    [service, [carl]],
  ] as const) {
    expect((await t.call(departUserEndpoints.add, { token: admin, body: { depId, userIdList: [...userIdList] } })).envelope).toMatchObject({ success: true });
  }
  // Dora works for another company: in the department, but never in this tenant's address book.
  await moveToTenant(t, dora, 2);
  const installerId = await addUser(t, admin, { username: 'book_installer', selectedroles: 'r-installer' });
  expect(installerId).toBeTruthy();
  installer = await t.login('book_installer', 'Passw0rd1');
}, 60_000);
afterAll(() => t?.close());

describe('the address book', () => {
  it("lists a department's users with its sub-departments', never another tenant's", async () => {
    expect(await usernames({ depId: sales })).toEqual(['anna_sales', 'ben_north']);
    expect(await usernames({ depId: salesNorth })).toEqual(['ben_north']);
  });

  it('carries name, user name, phone, e-mail and departments', async () => {
    const body = (await book({ depId: sales, keyword: 'anna' })).json();
    expect(body.result.records).toEqual([expect.objectContaining({ username: 'anna_sales', realname: 'Anna Berg', phone: '13800000001', email: 'anna@example.invalid', orgCodeTxt: 'Sales' })]);
  });

  it('finds users by a keyword in the name, user name, phone or e-mail, any case', async () => {
    expect(await usernames({ keyword: 'NORD' })).toEqual(['ben_north']);
    expect(await usernames({ keyword: '13800000001' })).toEqual(['anna_sales']);
    expect(await usernames({ keyword: 'fremd' })).toEqual([]);
    // Characters of the LIKE syntax are searched for as they are.
    expect(await usernames({ keyword: '%' })).toEqual([]);
  });

  it('follows the list contract (paging, total)', async () => {
    const body = (await book({ depId: sales, pageSize: '1', pageNo: '2' })).json();
    expect(body.result).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(body.result.records.map((r: { username: string }) => r.username)).toEqual(['ben_north']);
  });

  it('a role granted only the address book reads the department tree and the book, and nothing of the Users screen', async () => {
    const role = (await call('POST', '/sys/role/add', { roleName: 'Colleagues', roleCode: 'colleagues' })).json();
    expect(role, role.message).toMatchObject({ success: true });
    const granted = await call('POST', '/sys/permission/saveRolePermission', { roleId: role.result, permissionIds: 'm-system,m-system-address-book,b-system-addressbook-list' });
    expect(granted.json(), granted.body).toMatchObject({ success: true });
    await addUser(t, admin, { username: 'book_reader', selectedroles: role.result as string });
    const reader = await t.login('book_reader', 'Passw0rd1');
    expect((await t.request({ method: 'GET', url: '/boot/sys/sysDepart/queryIdTree', token: reader })).statusCode).toBe(200);
    expect((await book({ depId: salesNorth }, reader)).json().result.records.map((r: { username: string }) => r.username)).toEqual(['ben_north']);
    expect((await t.request({ method: 'GET', url: '/boot/sys/user/list', token: reader })).statusCode).toBe(403);
  });

  it('answers 404 naming depId for an unknown department, and 403 without the permission', async () => {
    const unknown = await book({ depId: 'no-such-depart' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().result.errors[0].field).toBe('depId');
    expect((await book({}, installer)).statusCode).toBe(403);
  });
});
