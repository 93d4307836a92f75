import { ServerCode, thirdAppEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

/** JeecgBoot's `/sys/thirdApp/getEnabledType`: its Users and Departments screens ask before they offer sync buttons. */
describe('synchronisation with outside apps', () => {
  it('is off for WeCom and DingTalk, which Cellsight does not integrate with', async () => {
    const { statusCode, envelope } = await t.call(thirdAppEndpoints.enabledTypes, { token: admin });
    expect(statusCode).toBe(200);
    expect(envelope).toMatchObject({ success: true, code: ServerCode.OK, result: { wechatEnterprise: false, dingtalk: false } });
    expect(Object.keys(envelope.result).sort()).toEqual(['dingtalk', 'wechatEnterprise']);
  });

  it('answers every signed-in user, on both wires, and nobody signed out', async () => {
    await addUser(t, admin, { username: 'no_roles_at_all' });
    const plain = await t.login('no_roles_at_all', 'Passw0rd1');
    expect((await t.call(thirdAppEndpoints.enabledTypes, { token: plain })).envelope.result).toEqual({ wechatEnterprise: false, dingtalk: false });
    const jeecg = await t.request({ method: 'GET', url: '/jeecg-boot/sys/thirdApp/getEnabledType', token: plain });
    expect([jeecg.statusCode, jeecg.json()]).toEqual([200, expect.objectContaining({ success: true, result: { wechatEnterprise: false, dingtalk: false } })]);
    expect((await t.request({ method: 'GET', url: '/boot/sys/thirdApp/getEnabledType' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/jeecg-boot/sys/thirdApp/getEnabledType' })).statusCode).toBe(401);
  });
});
