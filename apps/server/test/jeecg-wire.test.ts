import { ServerCode, thirdAppEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { png, upload } from './support/upload.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

/**
 * The two wires over the same routes (docs/jeecg-console.md, "Two wires"): under /jeecg-boot a
 * failure answers HTTP 200 with success false (a lost session stays 401) and times are written
 * `YYYY-MM-DD HH:mm:ss` in UTC; under /boot, HTTP statuses and ISO 8601.
 */
describe('the JeecgBoot wire', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let port = 0;
  const on = (wire: 'jeecg-boot' | 'boot', method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.request({ method, url: `/${wire}${url}`, token, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    const login = (await t.request({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'admin', password: adminPassword } })).json();
    expect(login).toMatchObject({ success: true, code: 200 });
    admin = login.result.token;
    adminId = login.result.userInfo.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it('answers the same records, with times as JeecgBoot writes them', async () => {
    const boot = (await on('boot', 'GET', '/sys/user/list?username=admin')).json().result.records[0];
    const jeecg = (await on('jeecg-boot', 'GET', '/sys/user/list?username=admin')).json().result.records[0];
    expect(boot.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(jeecg.createTime).toBe(boot.createTime.replace('T', ' ').replace(/(\.\d+)?Z$/, ''));
    expect({ ...jeecg, createTime: null, updateTime: null }).toEqual({ ...boot, createTime: null, updateTime: null });
  });

  it('refuses a bad form with HTTP 200 and success false, naming the field; /boot with HTTP 400', async () => {
    const user = { username: 'wire_refused', realname: 'Refused', password: 'Secret123', email: 'not-an-address', selectedroles: 'r-end-user' };
    const jeecg = await on('jeecg-boot', 'POST', '/sys/user/add', user);
    const boot = await on('boot', 'POST', '/sys/user/add', user);
    expect(boot.statusCode).toBe(400);
    expect(jeecg.statusCode).toBe(200);
    expect(jeecg.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER, result: { errors: [expect.objectContaining({ field: 'email' })] } });
    expect({ ...jeecg.json(), timestamp: 0 }).toEqual({ ...boot.json(), timestamp: 0 });
  });

  it('answers a record that is not there, and a missing permission, with HTTP 200 and the code', async () => {
    const missing = await on('jeecg-boot', 'GET', '/sys/position/queryById?id=no-such-position');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ success: false, code: (await on('boot', 'GET', '/sys/position/queryById?id=no-such-position')).json().code });
    await addUser(t, admin, { username: 'wire_end_user', password: 'Passw0rd1', selectedroles: 'r-end-user' });
    const endUser = (await t.request({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username: 'wire_end_user', password: 'Passw0rd1' } })).json().result.token as string;
    const refused = await on('jeecg-boot', 'GET', '/sys/tenant/list', undefined, endUser);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ success: false, code: ServerCode.NO_PERMISSION });
    expect((await on('boot', 'GET', '/sys/tenant/list', undefined, endUser)).statusCode).toBe(403);
  });

  it('shows an uploaded image under its static address, as JeecgBoot\'s consoles ask for it', async () => {
    const uploaded = (await upload(t, admin, png, 'face.png')).json();
    expect(uploaded).toMatchObject({ success: true });
    const image = await t.request({ method: 'GET', url: `/jeecg-boot/sys/common/static/${uploaded.message}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await t.request({ method: 'GET', url: '/jeecg-boot/sys/common/static/avatar/no-such-file.png' })).json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
  });

  // JeecgBoot's `/sys/thirdApp/getEnabledType`: its Users and Departments screens ask before they offer sync buttons.
  it('says synchronisation with WeCom and DingTalk is off (Cellsight does not integrate with them) to every signed-in user, on both wires', async () => {
    const { statusCode, envelope } = await t.call(thirdAppEndpoints.enabledTypes, { token: admin });
    expect(statusCode).toBe(200);
    expect(envelope).toMatchObject({ success: true, code: ServerCode.OK, result: { wechatEnterprise: false, dingtalk: false } });
    expect(Object.keys(envelope.result).sort()).toEqual(['dingtalk', 'wechatEnterprise']);
    await addUser(t, admin, { username: 'no_roles_at_all' });
    const plain = await t.login('no_roles_at_all', 'Passw0rd1');
    expect((await t.call(thirdAppEndpoints.enabledTypes, { token: plain })).envelope.result).toEqual({ wechatEnterprise: false, dingtalk: false });
    const jeecg = await t.request({ method: 'GET', url: '/jeecg-boot/sys/thirdApp/getEnabledType', token: plain });
    expect([jeecg.statusCode, jeecg.json()]).toEqual([200, expect.objectContaining({ success: true, result: { wechatEnterprise: false, dingtalk: false } })]);
    expect((await t.request({ method: 'GET', url: '/boot/sys/thirdApp/getEnabledType' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/jeecg-boot/sys/thirdApp/getEnabledType' })).statusCode).toBe(401);
  });

  it('keeps HTTP 401 for a missing or ended session, so the client signs out', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/jeecg-boot/sys/user/list' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false });
  });

  it('opens the notice socket at /websocket/{userId} with the token as its subprotocol, only for that user', async () => {
    const connect = (path: string, protocols: string[]) =>
      new Promise<{ opened: boolean; closeCode: number | null }>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, protocols);
        let opened = false;
        ws.on('unexpected-response', () => resolve({ opened: false, closeCode: null }));
        ws.on('open', () => {
          opened = true;
          ws.send('HeartBeat');
        });
        ws.on('message', (data: Buffer) => {
          if (data.toString() === 'HeartBeat') ws.close(1000);
        });
        ws.on('close', (code) => resolve({ opened, closeCode: code }));
      });
    expect(await connect(`/jeecg-boot/websocket/${adminId}`, [admin])).toEqual({ opened: true, closeCode: 1000 });
    expect(await connect('/jeecg-boot/websocket/someone-else', [admin])).toEqual({ opened: true, closeCode: 1008 });
    expect(await connect(`/jeecg-boot/websocket/${adminId}`, ['not-a-token'])).toEqual({ opened: false, closeCode: null });
  });
});
