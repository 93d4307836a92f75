import { type EndpointBody, ServerCode, authEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, migratedPglite } from './support/test-app.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('answers with token, user info, dictionaries, role, departments and tenants', async () => {
    const { statusCode, envelope: body } = await t.call(authEndpoints.login, { body: { username: 'admin', password: adminPassword } });
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(typeof body.timestamp).toBe('number');
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(body.result.userInfo).toMatchObject({ username: 'admin', orgCodeTxt: 'Cellsight', demo: false });
    expect(body.result.userInfo).not.toHaveProperty('passwordHash');
    expect(body.result.role).toBe('admin');
    expect(body.result.sysAllDictItems.sex).toEqual([
      { value: '1', text: 'Male', title: 'Male' },
      { value: '2', text: 'Female', title: 'Female' },
    ]);
    expect(body.result.multi_depart).toBe(1);
    expect(body.result.tenantList).toEqual([{ id: 1, name: 'Cellsight', status: 1 }]);
  });

  it('gives the same 4007 answer for a wrong password and an unknown user', async () => {
    const wrong = await t.call(authEndpoints.login, { body: { username: 'admin', password: 'nope12345' } });
    const unknown = await t.call(authEndpoints.login, { body: { username: 'nobody_here', password: 'nope12345' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.envelope).toMatchObject({ success: false, code: ServerCode.WRONG_CREDENTIALS, message: 'Wrong user name or password' });
    }
  });

  it('tells a deleted account so (4030) only when its own password is given, and opens no session', async () => {
    const id = await addUser(t, adminToken, { username: 'gone_user', password: 'Gone12345' });
    expect((await t.request({ method: 'DELETE', url: '/boot/sys/user/delete', token: adminToken, query: { id } })).statusCode).toBe(200);
    const right = await t.call(authEndpoints.login, { body: { username: 'gone_user', password: 'Gone12345' } });
    expect(right.statusCode).toBe(400);
    expect(right.envelope).toMatchObject({ success: false, code: ServerCode.USER_DELETED, message: 'This account has been deleted', result: null });
    const wrong = await t.call(authEndpoints.login, { body: { username: 'gone_user', password: 'Wrong12345' } });
    expect(wrong.envelope).toMatchObject({ success: false, code: ServerCode.WRONG_CREDENTIALS, message: 'Wrong user name or password' });
  });

  it('after five failures makes that name and address wait, known or unknown alike, and never locks the account', async () => {
    await addUser(t, adminToken, { username: 'guessme', password: 'Guessme123' });
    const attempt = (username: string, password: string, remoteAddress = '203.0.113.7') =>
      t.request({ method: 'POST', url: '/boot/sys/login', payload: { username, password }, remoteAddress });
    for (const username of ['guessme', 'no_such_name']) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await attempt(username, 'wrong1234'));
      expect(answers.slice(0, 5).map((r) => r.json().code)).toEqual([4007, 4007, 4007, 4007, 4007]);
      expect(answers[5]?.statusCode).toBe(429);
      expect(answers[5]?.json()).toMatchObject({ success: false, code: ServerCode.TOO_MANY_REQUESTS, message: 'Too many failed sign-ins; try again in 30 second(s)' });
    }
    // While waiting even the right password is not checked; from another address the owner signs in.
    expect((await attempt('guessme', 'Guessme123')).statusCode).toBe(429);
    expect((await attempt('guessme', 'Guessme123', '198.51.100.20')).json()).toMatchObject({ success: true });
  });

  it('counts /sys/login and /sys/public_login in one bucket per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '4' });
    try {
      const codes = [];
      const { login, publicLogin } = authEndpoints;
      for (const endpoint of [login, publicLogin, login, publicLogin, publicLogin]) {
        codes.push((await limited.call(endpoint, { body: { username: 'admin', password: 'wrong1234' } })).statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses malformed bodies with 400 naming the field', async () => {
    const missing = await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(missing.json().message).toContain('password');
    const wrongType = await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: { name: 'admin' }, password: 'x' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().result.errors[0].field).toBe('username');
    // A number is read as its text, as JeecgBoot reads it: a user name that signs nobody in.
    const numbered = await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 42, password: 'x' } });
    expect(numbered.json()).toMatchObject({ success: false, code: ServerCode.WRONG_CREDENTIALS });
    const broken = await t.request({ method: 'POST', url: '/boot/sys/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
  });
});

describe('sessions', () => {
  it('401 for a missing, unknown or logged-out token', async () => {
    const url = '/boot/sys/permission/getUserPermissionByToken';
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = await t.request({ method: 'GET', url, token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, code: ServerCode.INVALID_TOKEN });

    const token = await t.login('admin', adminPassword);
    expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(200);
    const logout = await t.call(authEndpoints.logout, { token });
    expect(logout.envelope).toMatchObject({ success: true, code: ServerCode.LOGGED_OUT });
    expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(401);
  });

  it('lets a tenant header pick only one of the user’s own tenants', async () => {
    const url = '/boot/sys/permission/getUserPermissionByToken';
    expect((await t.request({ method: 'GET', url, token: adminToken, headers: { 'tenant-id': '1' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url, token: adminToken, headers: { 'tenant-id': '0' } })).statusCode).toBe(200);
    const foreign = await t.request({ method: 'GET', url, token: adminToken, headers: { 'tenant-id': '999' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toContain('tenant-id');
  });
});

describe('menu and permissions', () => {
  it('builds the menu tree, auth and allAuth for the admin', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/sys/permission/getUserPermissionByToken', token: adminToken });
    const { menu, auth, allAuth } = response.json().result;
    // Sorted by sortNo (spec section 2's menu order): the dashboards, the station list (site-index,
    // the home page) and the pages reached from it (hidden), the batteries (battery-index) and their
    // detail (hidden), the station chart, the events, the battery history, the tickets (worklist-index)
    // and their detail (hidden), the Loggers screen (collector-index), the members (member-index), the battery change record, station management, then System.
    expect(menu.map((m: { path: string }) => m.path)).toEqual([
      '/dashboard',
      '/site/index',
      '/site/add',
      '/site/edit',
      '/stationmgr/detail',
      '/battery/index',
      '/battery/detail',
      '/site/chart',
      '/site/events',
      '/battery/history',
      '/worklist/index',
      '/worklist/detail',
      '/collector/index',
      '/member/index',
      '/battery/change',
      '/stationmgr/index',
      '/system',
    ]);
    // The dashboards come first (dashboard-analysis is the first menu entry; / still opens /site/index).
    expect(menu[0]).toMatchObject({ path: '/dashboard', name: 'dashboard', component: 'layouts/RouteView', redirect: '/dashboard/analysis' });
    expect(menu[0].children.map((m: { name: string }) => m.name)).toEqual(['dashboard-analysis', 'dashboard-monitor', 'dashboard-workplace']);
    expect(menu[1]).toMatchObject({ path: '/site/index', name: 'site-index', component: 'site/index' });
    expect(menu[1].meta.permissionList.map((p: { action: string }) => p.action)).toContain('site:station:list');
    expect(menu[2]).toMatchObject({ path: '/site/add', hidden: true });
    const byPath = (path: string) => menu.find((m: { path: string }) => m.path === path);
    expect(byPath('/battery/index')).toMatchObject({ name: 'battery-index', component: 'battery/index' });
    expect(byPath('/battery/index').meta.permissionList.map((p: { action: string }) => p.action)).toContain('battery-index');
    expect(byPath('/battery/detail')).toMatchObject({ hidden: true, component: 'battery/detail' });
    const [loggers, system] = [byPath('/collector/index'), byPath('/system')];
    expect(loggers).toMatchObject({ path: '/collector/index', name: 'collector-index', component: 'collector/index' });
    expect(loggers.meta.permissionList.map((p: { action: string }) => p.action)).toContain('device:logger:list');
    expect(system).toMatchObject({ path: '/system', name: 'system', component: 'layouts/RouteView', redirect: '/system/user', route: '1' });
    expect(system.children[0]).toMatchObject({ path: '/system/user', name: 'system-user', component: 'system/UserList', meta: { title: 'Users', componentName: 'UserList' } });
    expect(system.children[0].meta.permissionList.map((p: { action: string }) => p.action)).toContain('system:user:add');
    expect(auth.map((p: { action: string }) => p.action)).toContain('system:user:list');
    expect(allAuth.every((p: { status?: string }) => p.status === '1')).toBe(true);
  });

  it('gives a user without roles an empty menu and 403 from protected routes', async () => {
    await addUser(t, adminToken, { username: 'plainuser', password: 'Plain1234' });
    const token = await t.login('plainuser', 'Plain1234');
    const permissions = await t.request({ method: 'GET', url: '/boot/sys/permission/getUserPermissionByToken', token });
    expect(permissions.json().result).toMatchObject({ menu: [], auth: [] });
    const list = await t.request({ method: 'GET', url: '/boot/sys/user/list', token });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ success: false, code: ServerCode.NO_PERMISSION });
    const add = await t.request({ method: 'POST', url: '/boot/sys/user/add', token, payload: { username: 'sneaky', password: 'Sneaky123', realname: 'x' } });
    expect(add.statusCode).toBe(403);
    const check = await t.request({ method: 'GET', url: '/boot/sys/user/list', token: adminToken, query: { username: 'sneaky' } });
    expect(check.json().result.total).toBe(0);
  });

  it('denies by default: every API route declares who may call it', () => {
    expect(t.app.routesWithoutAccess).toEqual([]);
  });
});

describe('a route without an access rule', () => {
  it('answers 403 even to the administrator', async () => {
    const { buildApp } = await import('../src/app.js');
    const { loadConfig } = await import('../src/config.js');
    const { openDatabase } = await import('../src/db/database.js');
    const database = await openDatabase({ kind: 'pglite', dataDir: null, from: await migratedPglite(), thread: 'main' });
    const app = await buildApp(loadConfig({ ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' }), { database, logger: false });
    app.get('/boot/forgotten', async () => ({ secret: true }));
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/boot/sys/login', payload: { username: 'admin', password: adminPassword } });
    const response = await app.inject({ method: 'GET', url: '/boot/forgotten', headers: { 'x-access-token': login.json().result.token } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: ServerCode.NO_PERMISSION });
    expect(app.routesWithoutAccess).toEqual(['GET /boot/forgotten', 'HEAD /boot/forgotten']);
    await app.close();
    await database.close();
  });
});

describe('own password', () => {
  it('checks old password, confirmation and strength, then ends the other sessions only', async () => {
    await addUser(t, adminToken, { username: 'pwuser', password: 'First1234' });
    const current = await t.login('pwuser', 'First1234');
    const other = await t.login('pwuser', 'First1234');
    const change = (body: EndpointBody<typeof authEndpoints.updatePassword>) => t.call(authEndpoints.updatePassword, { token: current, body });

    const oldWrong = await change({ username: 'pwuser', oldpassword: 'Nope12345', password: 'Second123', confirmpassword: 'Second123' });
    expect(oldWrong.envelope).toMatchObject({ success: false, code: ServerCode.OLD_PASSWORD_WRONG });
    const mismatch = await change({ username: 'pwuser', oldpassword: 'First1234', password: 'Second123', confirmpassword: 'Second124' });
    expect(mismatch.envelope).toMatchObject({ success: false, code: ServerCode.PASSWORDS_DO_NOT_MATCH });
    const empty = await change({ username: 'pwuser', oldpassword: 'First1234', password: '', confirmpassword: '' });
    expect(empty.envelope).toMatchObject({ success: false, code: ServerCode.NEW_PASSWORD_EMPTY });
    const weak = await change({ username: 'pwuser', oldpassword: 'First1234', password: '123456', confirmpassword: '123456' });
    expect(weak.envelope).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(weak.response.json().result.errors[0].field).toBe('password');
    const someoneElse = await change({ username: 'admin', oldpassword: 'First1234', password: 'Second123', confirmpassword: 'Second123' });
    expect(someoneElse.statusCode).toBe(403);

    // The spec's console sends it as POST, Cellsight's as PUT: the same call.
    const done = await t.request({ method: 'POST', url: '/boot/sys/user/updatePassword', token: current, payload: { username: 'pwuser', oldpassword: 'First1234', password: 'Second123', confirmpassword: 'Second123' } });
    expect(done.json()).toMatchObject({ success: true, code: ServerCode.PASSWORD_RESET });
    const url = '/boot/sys/permission/getUserPermissionByToken';
    expect((await t.request({ method: 'GET', url, token: current })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url, token: other })).statusCode).toBe(401);
    await expect(t.login('pwuser', 'First1234')).rejects.toThrow();
    await expect(t.login('pwuser', 'Second123')).resolves.toBeTypeOf('string');
  });
});

describe('department choice', () => {
  it('switches only to one of the user’s own departments', async () => {
    const ok = await t.call(authEndpoints.selectDepart, { token: adminToken, body: { orgCode: 'A01' } });
    expect(ok.envelope).toMatchObject({ success: true, result: { userInfo: { orgCode: 'A01' } } });
    const foreign = await t.call(authEndpoints.selectDepart, { token: adminToken, body: { orgCode: 'Z99' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.envelope.message).toContain('orgCode');
  });

  it('lists where the user may work: departments, the current one, and active tenants', async () => {
    const { statusCode, envelope, response } = await t.call(authEndpoints.workplaces, { token: adminToken });
    expect(statusCode, response.body).toBe(200);
    const { result } = envelope;
    expect(result.list.map((d) => d.orgCode)).toContain('A01');
    expect(result.orgCode).toBe('A01');
    expect(result.tenantList.map((tenant) => tenant.id)).toEqual([1]);
    expect((await t.call(authEndpoints.workplaces)).statusCode).toBe(401);
  });
});

describe('the device portal sign-in (/neutral/login)', () => {
  it('signs in accounts that may list loggers, and refuses the others and wrong passwords', async () => {
    const portal = (username: string, password: string) => t.call(authEndpoints.neutralLogin, { body: { username, password } });
    const admin = await portal('admin', adminPassword);
    expect(admin.statusCode, admin.response.body).toBe(200);
    expect(admin.envelope.result.token).toEqual(expect.any(String));

    await addUser(t, adminToken, { username: 'noportal', password: 'Portal1234' });
    const refused = await portal('noportal', 'Portal1234');
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.message).toContain('device portal');
    expect((await portal('admin', 'wrong-password')).envelope.code).toBe(ServerCode.WRONG_CREDENTIALS);
  });
});
