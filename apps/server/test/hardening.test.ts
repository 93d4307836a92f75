import { ServerCode, limits } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTenants } from '../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';
import { png, upload } from './support/upload.js';

/**
 * Bad input a black-box probe found answering 500, and the reach of one tenant's administrator
 * into another's users: each answers 4xx with the envelope, naming the field.
 */
let t: TestApp;
let admin: string;
let demo: string;
/** Administrator of tenant 2 only, and one user of tenant 2. */
let otherAdmin: string;
let otherUserId: string;

const get = (url: string, query: Record<string, string>, token = admin) => t.request({ method: 'GET', url, token, query });

/** A 4xx answer in the envelope whose field errors name `field`. */
const expectRefused = (response: Awaited<ReturnType<TestApp['request']>>, field: string, status = 400) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
  expect(body.result.errors.map((e: { field: string }) => e.field)).toContain(field);
};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  admin = await t.login('admin', adminPassword);
  demo = await t.login('demo', 'Demo2026');
  // A second tenant with its own administrator and user, whom tenant 1's administrator must not reach.
  const otherAdminId = await addUser(t, admin, { username: 'other_admin', password: 'Other1234', selectedroles: 'r-admin' });
  otherUserId = await addUser(t, admin, { username: 'other_user', email: 'other@example.com', phone: '13900000009' });
  for (const id of [otherAdminId, otherUserId]) await moveToTenant(t, id, 2);
  otherAdmin = await t.login('other_admin', 'Other1234');
});
afterAll(() => t.close());

describe('NUL characters are refused at the contract’s string type', () => {
  it('in a JSON body, before or after signing in', async () => {
    expectRefused(await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: '\u0000', password: 'x' } }), 'username');
    expectRefused(await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { username: 'nul_user', password: 'Passw0rd1', realname: 'a\u0000b' } }), 'realname');
    expectRefused(await t.request({ method: 'PUT', url: '/boot/sys/user/edit_info', token: admin, payload: { company: 'x\u0000' } }), 'company');
  });

  it('in a query string (%00), filters included', async () => {
    expectRefused(await get('/boot/sys/user/list', { username: '*a\u0000*' }), 'username');
    expectRefused(await get('/boot/want/logger/list', { alias: '\u0000' }), 'alias');
    expectRefused(await get('/boot/want/battery/history', { batterySn: 'BAT\u0000', period: '5m' }), 'batterySn');
    expectRefused(await get('/boot/want/battery/cells', { batterySn: '\u0000' }), 'batterySn');
    const superQuery = JSON.stringify([{ field: 'username', rule: 'eq', val: 'a\u0000' }]);
    expectRefused(await get('/boot/sys/user/list', { superQueryParams: superQuery }), 'superQueryParams[0]');
  });
});

describe('names of built-in object properties are not columns', () => {
  it.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty'])('refuses the filter %s and sorting by it', async (name) => {
    expectRefused(await get('/boot/want/logger/list', { [name]: 'x' }, demo), name);
    expectRefused(await get('/boot/sys/user/list', { column: name }), 'column');
    expectRefused(await get('/boot/sys/user/list', { [`${name}_begin`]: '2026-01-01' }), name);
  });

  it('refuses sorting by __proto__ (the query parser itself drops it as a key)', async () => {
    expectRefused(await get('/boot/sys/user/list', { column: '__proto__' }), 'column');
    expectRefused(await get('/boot/sys/user/list', { column: 'username,__proto__' }), 'column');
  });

  it('refuses them as advanced-query fields and rules', async () => {
    const field = JSON.stringify([{ field: 'constructor', rule: 'eq', val: 'x' }]);
    expectRefused(await get('/boot/sys/user/list', { superQueryParams: field }), 'constructor');
    const rule = JSON.stringify([{ field: 'username', rule: 'constructor', val: 'x' }]);
    expectRefused(await get('/boot/sys/user/list', { superQueryParams: rule }), 'superQueryParams[0].rule');
  });
});

describe('values outside what a column holds', () => {
  it('refuses dates without a four-digit year', async () => {
    expectRefused(await get('/boot/sys/user/list', { createTime_begin: '99999-01-01' }), 'createTime_begin');
    expectRefused(await get('/boot/want/logger/list', { lastSeen: '99999-01-01' }), 'lastSeen');
    expectRefused(await get('/boot/want/battery/list', { lastTs_end: '+099999-01-01T00:00:00Z' }), 'lastTs_end');
    expect((await get('/boot/sys/user/list', { createTime_begin: '2026-01-01', createTime_end: '2026-12-31 23:59:59' })).statusCode).toBe(200);
  });

  it('refuses small integers that are not whole or out of range, also in the advanced query', async () => {
    expectRefused(await get('/boot/sys/user/list', { sex: '1.5' }), 'sex');
    expectRefused(await get('/boot/sys/user/list', { status: 'lt 99999999999999999999' }), 'status');
    expectRefused(await get('/boot/sys/user/list', { status: '40000' }), 'status');
    const superQuery = JSON.stringify([{ field: 'sex', rule: 'gt', val: '1e30' }]);
    expectRefused(await get('/boot/sys/user/list', { superQueryParams: superQuery }), 'sex');
    expect((await get('/boot/sys/user/list', { status: 'le 2' })).statusCode).toBe(200);
  });
});

describe('error answers never go through a success schema', () => {
  it.each([{}, { id: 'abc' }, { id: '%%%' }, { username: 'abc', email: 'x@y.z' }])('checkOnlyUser %o answers 400 naming the field', async (query) => {
    const response = await get('/boot/sys/user/checkOnlyUser', query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER, result: { errors: expect.arrayContaining([expect.objectContaining({ field: expect.any(String) })]) } });
  });
});

describe('user administration stays within the caller’s tenants', () => {
  it('lists, exports and shows only users of the caller’s tenants', async () => {
    const listed = (await get('/boot/sys/user/list', { pageSize: '100' })).json().result.records.map((r: { username: string }) => r.username);
    expect(listed).toContain('admin');
    expect(listed).not.toContain('other_user');
    expect(listed).not.toContain('other_admin');
    const theirs = (await get('/boot/sys/user/list', { pageSize: '100' }, otherAdmin)).json().result.records.map((r: { username: string }) => r.username);
    expect(theirs.sort()).toEqual(['other_admin', 'other_user']);
    expect((await get('/boot/sys/user/queryById', { id: otherUserId })).statusCode).toBe(404);
    expect((await get('/boot/sys/user/queryUserRole', { userid: otherUserId })).statusCode).toBe(404);
  });

  it('answers 404 to every write on another tenant’s user, and changes nothing', async () => {
    const attempts = [
      { method: 'PUT' as const, url: '/boot/sys/user/edit', payload: { id: otherUserId, realname: 'Renamed' } },
      { method: 'PUT' as const, url: '/boot/sys/user/changePassword', payload: { username: 'other_user', password: 'Taken0ver1', confirmpassword: 'Taken0ver1' } },
      { method: 'PUT' as const, url: '/boot/sys/user/frozenBatch', payload: { ids: otherUserId, status: 2 } },
      { method: 'DELETE' as const, url: `/boot/sys/user/delete?id=${otherUserId}` },
    ];
    for (const attempt of attempts) expect((await t.request({ ...attempt, token: admin })).statusCode, attempt.url).toBe(404);
    await expect(t.login('other_user', 'Taken0ver1')).rejects.toThrow();
    const mine = (await get('/boot/sys/user/queryById', { id: otherUserId }, otherAdmin)).json().result;
    expect(mine).toMatchObject({ realname: 'other_user', status: 1 });
  });

  it('keeps the memberships of tenants the editing administrator is not in', async () => {
    // other_admin moves their user into tenant 2 only; tenant 1's administrator gives one of theirs tenant 1 only.
    const shared = await addUser(t, admin, { username: 'shared_user' });
    await t.app.db.insert(userTenants).values({ userId: shared, tenantId: 2 });
    await t.request({ method: 'PUT', url: '/boot/sys/user/edit', token: admin, payload: { id: shared, realname: 'Shared', relTenantIds: '1' } });
    const rows = await t.app.db.select({ tenantId: userTenants.tenantId }).from(userTenants).where(eq(userTenants.userId, shared));
    expect(rows.map((r) => r.tenantId).sort()).toEqual([1, 2]);
  });

  it('refuses a new user in none of the caller’s tenants', async () => {
    const response = await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { username: 'nobody_s', password: 'Passw0rd1', realname: 'x', relTenantIds: '' } });
    expectRefused(response, 'relTenantIds');
  });
});

describe('account and device existence does not leak', () => {
  it('lets only user administrators ask whether a name is free, and answers within their tenants', async () => {
    expect((await get('/boot/sys/user/checkOnlyUser', { username: 'other_user' }, demo)).statusCode).toBe(403);
    const queries: Record<string, string>[] = [{ username: 'other_user' }, { email: 'other@example.com' }, { phone: '13900000009' }];
    for (const query of queries) {
      expect((await get('/boot/sys/user/checkOnlyUser', query)).json()).toMatchObject({ success: true });
      expect((await get('/boot/sys/user/checkOnlyUser', query, otherAdmin)).json()).toMatchObject({ success: false });
    }
    expect((await get('/boot/sys/user/checkOnlyUser', { username: 'x_new', id: otherUserId })).statusCode).toBe(404);
  });

  it('answers the same to registering another tenant’s logger as to a wrong key', async () => {
    const register = (token: string, key: string) => t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token, payload: { loggers: [{ gsn: 'LEAKTEST01', key }] } });
    expect((await register(otherAdmin, 'their-key-123')).json().result).toEqual({ registered: 1, existing: 0 });
    expect((await register(otherAdmin, 'their-key-123')).json().result).toEqual({ registered: 0, existing: 1 });
    const elsewhere = await register(admin, 'guess-key-123');
    const wrongKey = await register(otherAdmin, 'other-key-123');
    expect(elsewhere.statusCode).toBe(400);
    const strip = (body: { timestamp: number }) => ({ ...body, timestamp: 0 });
    expect(strip(elsewhere.json())).toEqual(strip(wrongKey.json()));
    expect(elsewhere.json().result.errors).toEqual([{ field: 'loggers[0].gsn', message: expect.stringContaining('cannot be registered') }]);
  });
});

describe('uploads and avatars', () => {
  it('takes as avatar only the path of an avatar image uploaded here', async () => {
    const uploaded = (await upload(t, admin, png, 'me.png')).json().message as string;
    const temp = (await upload(t, admin, png, 'doc.png', 'image/png', 'temp')).json().message as string;
    const someone = await addUser(t, admin, { username: 'avatar_user' });
    for (const avatar of ['https://evil.example/t.png', 'javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'avatar/20260101/00000000000000000000000000000000.png', temp]) {
      expectRefused(await t.request({ method: 'PUT', url: '/boot/sys/user/edit_info', token: admin, payload: { avatar } }), 'avatar');
      expectRefused(await t.request({ method: 'PUT', url: '/boot/sys/user/edit', token: admin, payload: { id: someone, realname: 'x', avatar } }), 'avatar');
    }
    const saved = await t.request({ method: 'PUT', url: '/boot/sys/user/edit_info', token: admin, payload: { avatar: uploaded } });
    expect(saved.json()).toMatchObject({ success: true, result: { avatar: uploaded } });
  });

  it('refuses the demo account’s upload with 403 like every other demo refusal', async () => {
    const response = await upload(t, demo, png, 'a.png');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: ServerCode.DEMO_NOT_SUPPORTED });
  });

  it('holds each user to a daily upload quota', async () => {
    const uploader = await t.login('other_admin', 'Other1234');
    const codes: number[] = [];
    for (let i = 0; i <= limits.uploadsPerDayMax; i++) codes.push((await upload(t, uploader, png, `f${i}.png`, 'image/png', 'temp')).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(limits.uploadsPerDayMax);
    expect(codes.at(-1)).toBe(429);
    // Others are not held back by it.
    expect((await upload(t, admin, png, 'mine.png', 'image/png', 'temp')).statusCode).toBe(200);
  });
});

describe('administrators setting a password', () => {
  it('refuses a confirmation that differs', async () => {
    const id = await addUser(t, admin, { username: 'confirm_me' });
    const response = await t.request({ method: 'PUT', url: '/boot/sys/user/changePassword', token: admin, payload: { username: 'confirm_me', password: 'NewPass123', confirmpassword: 'Other12345' } });
    expectRefused(response, 'confirmpassword');
    expect(id).toBeTruthy();
  });
});

describe('the demo account’s read-only rule', () => {
  it('refuses every writing route with 403, the spec’s message where the route would let the demo in', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    // Its own session and its own read marks: what the demo may change, as it changes nothing of the demo's.
    const sessionActions = new Set(['/boot/sys/logout', '/boot/sys/selectDepart', '/boot/sys/sysAnnouncementSend/editByAnntIdAndUserId', '/boot/sys/sysAnnouncementSend/readAll']);
    const writes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, operation]) => method !== 'get' && !(Array.isArray(operation.security) && operation.security.length === 0) && !sessionActions.has(path))
        .map(([method]) => ({ method: method.toUpperCase() as 'POST' | 'PUT' | 'DELETE', url: path })),
    );
    expect(writes.length).toBeGreaterThanOrEqual(15);
    for (const write of writes) {
      const response = await t.request({ ...write, token: demo, payload: write.method === 'DELETE' ? undefined : {} });
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect([ServerCode.DEMO_NOT_SUPPORTED, ServerCode.NO_PERMISSION]).toContain(response.json().code);
    }
    for (const url of ['/boot/sys/user/edit_info', '/boot/sys/user/updatePassword']) {
      expect((await t.request({ method: 'PUT', url, token: demo, payload: {} })).json()).toMatchObject({ code: ServerCode.DEMO_NOT_SUPPORTED, message: 'The demo access does not support this operation.' });
    }
    // Reading and signing out stay open to it.
    expect((await get('/boot/want/logger/list', {}, demo)).statusCode).toBe(200);
  });
});

describe('duplicate check', () => {
  const check = (query: Record<string, string>, token = admin) => get('/boot/sys/duplicate/check', query, token);

  it('answers for declared fields only, within the caller’s tenants', async () => {
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' })).json()).toMatchObject({ success: false, code: ServerCode.USERNAME_REGISTERED });
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'other_user' })).json()).toMatchObject({ success: true });
    expect((await check({ tableName: 'sys_user', fieldName: 'email', fieldVal: 'other@example.com' }, otherAdmin)).json()).toMatchObject({ success: false, code: ServerCode.EMAIL_REGISTERED });
  });

  it('takes a field by its column name, as JeecgBoot’s console sends it', async () => {
    expect((await check({ tableName: 'sys_user', fieldName: 'work_no', fieldVal: 'W-1' })).json()).toMatchObject({ success: true });
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' })).json()).toMatchObject({ success: false });
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'no_such_role' })).json()).toMatchObject({ success: true });
    expect((await check({ tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'sex' })).json()).toMatchObject({ success: false });
  });

  it('refuses any other table or column with a 400 naming it, and callers without the form’s permission', async () => {
    expectRefused(await check({ tableName: 'sys_session', fieldName: 'token_hash', fieldVal: 'x' }), 'tableName');
    expectRefused(await check({ tableName: '__proto__', fieldName: 'username', fieldVal: 'x' }), 'tableName');
    expectRefused(await check({ tableName: 'sys_user', fieldName: 'password_hash', fieldVal: 'x' }), 'fieldName');
    expectRefused(await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'x\u0000' }), 'fieldVal');
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' }, demo)).statusCode).toBe(403);
  });
});
