import { type AnnouncementRecord, DeviceCode, type ListByUser, type MyAnnouncementsQuery, Permission, ServerCode, announcementEndpoints, deviceTopics, menuEndpoints } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggers, stations } from '../src/db/schema.js';
import { connectLogger, publish, waitFor } from './support/device.js';
import { listenLive } from './support/live-events.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

let t: TestApp;
let admin: string;
let installer: string;
let endUser: string;
let outsider: string;
let outsiderId: string;
const installerId = 'u-demo-installer';
const endUserId = 'u-demo-end-user';

const add = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/sys/annountCement/add', token, payload: { priority: 'M', msgType: 'ALL', msgContent: '<p>Hello</p>', ...body } });
const addOk = async (body: Record<string, unknown>, token = admin): Promise<string> => {
  const response = await add(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as string;
};
const release = (token: string, id: string, what: 'release' | 'revoke' = 'release') => t.call(announcementEndpoints[what], { token, query: { id } });
const bell = async (token: string, language = 'en-US'): Promise<ListByUser> => {
  const response = await t.request({ method: 'GET', url: '/boot/sys/annountCement/listByUser', token, query: { pageSize: '50' }, headers: { 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as ListByUser;
};
const noticeIds = async (token: string) => (await bell(token)).anntMsgList.map((a) => a.id);
const markRead = (token: string, anntId: string) => t.call(announcementEndpoints.markRead, { token, body: { anntId } });
const mine = async (token: string, query: MyAnnouncementsQuery = {}) => {
  const { statusCode, envelope, response } = await t.call(announcementEndpoints.mine, { token, query: { pageSize: 50, ...query } });
  expect(statusCode, response.body).toBe(200);
  return envelope.result;
};
const queryById = (token: string, id: string) => t.call(announcementEndpoints.queryById, { token, query: { id } });

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  admin = await t.login('admin', adminPassword);
  installer = await t.login('installer', 'Installer2026');
  endUser = await t.login('enduser', 'Enduser2026');
  outsiderId = await addUser(t, admin, { username: 'outsider', password: 'Passw0rd1', selectedroles: 'r-end-user', accountType: 'end_user', superiorId: installerId });
  await moveToTenant(t, outsiderId, 7);
  outsider = await t.login('outsider', 'Passw0rd1');
});
afterAll(async () => {
  await t?.close();
});

describe('publishing and revoking', () => {
  it('reaches readers only once published, live, and leaves every bell when revoked', async () => {
    const id = await addOk({ titile: 'Maintenance tonight' });
    expect(await noticeIds(endUser)).not.toContain(id);
    expect((await queryById(endUser, id)).statusCode).toBe(404);

    const live = await listenLive(t, endUser);
    try {
      const published = await release(admin, id);
      expect(published.envelope, published.response.body).toMatchObject({ success: true });
      await waitFor(async () => live.heard, (heard) => heard.some((m) => m.event === 'announcement.changed' && (m.data.ids as string[]).includes(id)));
      // JeecgBoot's console reloads its bell on the notice command 'user'.
      expect(live.heard.find((m) => m.event === 'announcement.changed')).toMatchObject({ cmd: 'user' });
      expect(live.heard.filter((m) => m.event !== 'announcement.changed').every((m) => m.cmd === undefined)).toBe(true);
    } finally {
      live.close();
    }
    const seen = await bell(endUser);
    const item = seen.anntMsgList.find((a) => a.id === id);
    expect(item).toMatchObject({ titile: 'Maintenance tonight', sender: 'admin', priority: 'M', msgCategory: '1', readFlag: '0', msgId: id, msgTxt: 'Maintenance tonight', msgContent: '<p>Hello</p>' });
    expect(seen.anntMsgTotal).toBe(seen.anntMsgList.length);
    expect(await noticeIds(installer)).toContain(id);
    // Another tenant's users never see it, nor can they open it.
    expect(await noticeIds(outsider)).not.toContain(id);
    expect((await queryById(outsider, id)).statusCode).toBe(404);
    expect((await queryById(endUser, id)).envelope.result).toMatchObject({ id, titile: 'Maintenance tonight', sendStatus: '1', userIds: null });

    expect((await release(admin, id, 'revoke')).envelope).toMatchObject({ success: true });
    expect(await noticeIds(endUser)).not.toContain(id);
    expect((await mine(endUser)).records.map((r) => r.id)).not.toContain(id);
    expect((await queryById(endUser, id)).statusCode).toBe(404);
  });

  it('edits a draft only, publishes a draft only, revokes a published one only', async () => {
    const id = await addOk({ titile: 'Draft' });
    const edited = await t.request({ method: 'PUT', url: '/boot/sys/annountCement/edit', token: admin, payload: { id, titile: 'Draft, edited', priority: 'H' } });
    expect(edited.json(), edited.body).toMatchObject({ success: true });
    expect((await release(admin, id, 'revoke')).envelope).toMatchObject({ success: false, code: ServerCode.OPERATION_FAILED });
    await release(admin, id);
    const again = await t.request({ method: 'PUT', url: '/boot/sys/annountCement/edit', token: admin, payload: { id, titile: 'Changed after publishing' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: ServerCode.OPERATION_FAILED });
    expect((await release(admin, id)).envelope).toMatchObject({ success: false, code: ServerCode.OPERATION_FAILED });
    const record = (await queryById(admin, id)).envelope.result;
    expect(record).toMatchObject({ titile: 'Draft, edited', priority: 'H', sendStatus: '1', sender: 'admin' });
    // The administrators' list, with dictionary texts.
    const list = (await t.request({ method: 'GET', url: '/boot/sys/annountCement/list', token: admin, query: { pageSize: '50' } })).json().result.records as (AnnouncementRecord & { sendStatus_dictText: string })[];
    expect(list.find((r) => r.id === id)).toMatchObject({ sendStatus: '1', sendStatus_dictText: 'Published' });
  });

  it('takes JeecgBoot’s form as it sends it, and shows an announcement only between its start and end time', async () => {
    const hour = 3_600_000;
    // One reading of the clock for every time below: the start asserted is the start sent.
    const at = Date.now();
    const wall = (instant: number) => new Date(instant).toISOString().slice(0, 19).replace('T', ' ');
    // The modal's fields, times as its date pickers write them (read as UTC), a loaded record's extras.
    const now = await addOk({ titile: 'Shown now', msgCategory: '1', msgAbstract: 'Short summary', startTime: wall(at - hour), endTime: wall(at + hour), sendStatus: '0', createBy: 'someone', delFlag: '0' });
    const later = await addOk({ titile: 'Shown later', msgCategory: '1', startTime: wall(at + 24 * hour), endTime: wall(at + 48 * hour) });
    const over = await addOk({ titile: 'Shown before', startTime: new Date(at - 48 * hour).toISOString(), endTime: new Date(at - 24 * hour).toISOString() });
    for (const id of [now, later, over]) await release(admin, id);

    const shown = await noticeIds(endUser);
    expect(shown).toContain(now);
    expect(shown).not.toContain(later);
    expect(shown).not.toContain(over);
    expect((await queryById(endUser, later)).statusCode).toBe(404);
    const record = (await queryById(admin, now)).envelope.result;
    expect(record).toMatchObject({ msgAbstract: 'Short summary', msgCategory: '1', sendStatus: '1', createBy: 'admin', startTime: new Date(`${wall(at - hour).replace(' ', 'T')}Z`).toISOString() });
    // Its modal leaves the message out while the editor is empty: a new announcement without one is taken.
    const withoutMessage = await t.request({ method: 'POST', url: '/boot/sys/annountCement/add', token: admin, payload: { titile: 'Only a summary', msgCategory: '1', msgAbstract: 'Read the summary', msgType: 'ALL', priority: 'L' } });
    expect(withoutMessage.statusCode, withoutMessage.body).toBe(200);
    const untold = withoutMessage.json().result as string;
    expect((await queryById(admin, untold)).envelope.result).toMatchObject({ titile: 'Only a summary', msgContent: '', msgAbstract: 'Read the summary' });

    // Still refused, naming the field: a time that is none, an end before the start, a system message.
    for (const [body, field] of [
      [{ titile: 'x', startTime: '2026-02-30 10:00:00' }, 'startTime'],
      [{ titile: 'x', endTime: 'tomorrow' }, 'endTime'],
      [{ titile: 'x', startTime: '2026-05-02 10:00:00', endTime: '2026-05-01 10:00:00' }, 'endTime'],
      [{ titile: 'x', msgCategory: '2' }, 'msgCategory'],
    ] as const) {
      const response = await add(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toContain(field);
    }
  });

  it('deleting a published announcement takes it out of the bells', async () => {
    const id = await addOk({ titile: 'Short-lived' });
    await release(admin, id);
    expect(await noticeIds(endUser)).toContain(id);
    expect((await t.request({ method: 'DELETE', url: '/boot/sys/annountCement/delete', token: admin, query: { id } })).json()).toMatchObject({ success: true });
    expect(await noticeIds(endUser)).not.toContain(id);
  });
});

describe('audience', () => {
  it('reaches only the chosen users, who must be users of the tenant', async () => {
    const id = await addOk({ titile: 'For the installer', msgType: 'USER', userIds: `${installerId},` });
    await release(admin, id);
    expect(await noticeIds(installer)).toContain(id);
    expect(await noticeIds(endUser)).not.toContain(id);
    expect((await queryById(admin, id)).envelope.result).toMatchObject({ msgType: 'USER', userIds: `${installerId},` });

    const noOne = await add(admin, { titile: 'Nobody', msgType: 'USER', userIds: '' });
    expect(noOne.statusCode).toBe(400);
    expect(noOne.json().message).toContain('userIds');
    const foreign = await add(admin, { titile: 'Outsider', msgType: 'USER', userIds: outsiderId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('userIds');
    const unknown = await add(admin, { titile: 'Ghost', msgType: 'USER', userIds: 'nosuchuser' });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/boot/sys/annountCement/list', token: admin })).json().result.total as number;
    for (const [body, field] of [
      [{ titile: '' }, 'titile'],
      [{ titile: 'x', priority: 'Z' }, 'priority'],
      [{ titile: 'x', openType: 'url' }, 'openPage'],
      [{ titile: 'x', openType: 'url', openPage: 'javascript:alert(1)' }, 'openPage'],
      [{ titile: 'x', openType: 'url', openPage: '//evil.example' }, 'openPage'],
    ] as const) {
      const response = await add(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(field);
    }
    expect((await t.request({ method: 'GET', url: '/boot/sys/annountCement/list', token: admin })).json().result.total).toBe(before);
  });
});

describe('read marks', () => {
  it('are each reader’s own', async () => {
    const id = await addOk({ titile: 'Read me' });
    await release(admin, id);
    const before = await bell(installer);
    expect((await markRead(endUser, id)).envelope).toMatchObject({ success: true });
    expect(await noticeIds(endUser)).not.toContain(id);
    expect((await bell(installer)).anntMsgTotal).toBe(before.anntMsgTotal);
    expect(await noticeIds(installer)).toContain(id);
    expect((await mine(endUser, { readFlag: '1' })).records.map((r) => r.id)).toContain(id);
    expect((await mine(endUser, { readFlag: '0' })).records.map((r) => r.id)).not.toContain(id);
    expect((await mine(endUser)).records.find((r) => r.id === id)?.readFlag).toBe('1');
    // Marking twice is harmless; marking one the caller may not read is 404 naming the field.
    expect((await markRead(endUser, id)).envelope).toMatchObject({ success: true });
    const foreign = await markRead(outsider, id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.message).toContain('anntId');
  });

  it('marks everything read at once', async () => {
    await release(admin, await addOk({ titile: 'One more' }));
    expect((await bell(installer)).anntMsgTotal).toBeGreaterThan(0);
    expect((await t.call(announcementEndpoints.readAll, { token: installer })).envelope).toMatchObject({ success: true });
    expect((await bell(installer)).anntMsgTotal).toBe(0);
    expect((await bell(installer)).anntMsgList).toEqual([]);
  });
});

describe('rich text', () => {
  it('keeps the allow-list and drops scripts, handlers and javascript: addresses', async () => {
    const id = await addOk({
      titile: 'Sanitised',
      msgContent:
        '<h2>Heads up</h2><p onclick="steal()">Read <strong>this</strong> <em>now</em> <u>please</u></p><script>alert(1)</script><style>p{}</style>' +
        '<ul><li>one</li></ul><a href="javascript:alert(1)">bad</a> <a href="https://example.com/x">good</a> <a href="mailto:ops@example.com">mail</a>' +
        '<img src="x" onerror="alert(1)"><img src="https://example.com/a.png" alt="ok"><img src="/boot/sys/common/view/announcement/pic.png"><iframe src="https://evil.example"></iframe>',
    });
    const content = (await queryById(admin, id)).envelope.result.msgContent;
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|<style|<iframe|alert/i);
    expect(content).toContain('<h2>Heads up</h2>');
    expect(content).toContain('<strong>this</strong> <em>now</em> <u>please</u>');
    expect(content).toContain('<ul><li>one</li></ul>');
    expect(content).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">good</a>');
    expect(content).toContain('href="mailto:ops@example.com"');
    expect(content).toContain('<a>bad</a>');
    expect(content).toContain('<img alt="ok" src="https://example.com/a.png" />');
    expect(content).toContain('src="/boot/sys/common/view/announcement/pic.png"');
    expect(content).not.toContain('src="x"');
  });
});

describe('permission', () => {
  it('lets only administrators write, publish and manage announcements', async () => {
    expect((await add(installer, { titile: 'Not mine to write' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/boot/sys/annountCement/list', token: installer })).statusCode).toBe(403);
    const id = await addOk({ titile: 'Admin only' });
    expect((await release(installer, id)).statusCode).toBe(403);
    expect((await release(endUser, id, 'revoke')).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: '/boot/sys/annountCement/delete', token: installer, query: { id } })).statusCode).toBe(403);
    expect((await t.call(announcementEndpoints.listByUser)).statusCode).toBe(401);
    const menu = (await t.call(menuEndpoints.userPermissions, { token: admin })).envelope.result;
    expect(JSON.stringify(menu.menu)).toContain('/system/annountCement');
    expect(menu.auth.map((a) => a.action)).toEqual(expect.arrayContaining([Permission.AnnouncementAdd, Permission.AnnouncementRelease]));
  });
});

describe('system messages', () => {
  it('reach their recipients alone, in each reader’s language, live', async () => {
    const live = await listenLive(t, endUser);
    let id: string | null = null;
    try {
      id = await t.app.notices.system({
        tenantId: 1,
        userIds: [endUserId, endUserId],
        title: ['Ticket answered', '工单已回复', 'Ticket beantwortet'],
        message: ['Your ticket <1> was answered', '您的工单 <1> 已回复', 'Ihr Ticket <1> wurde beantwortet'],
        openType: 'url',
        openPage: '/worklist/detail?id=1',
        busType: 'ticket',
        busId: '1',
      });
      await waitFor(async () => live.heard, (heard) => heard.some((m) => m.event === 'announcement.changed' && (m.data.ids as string[]).includes(id ?? '')));
    } finally {
      live.close();
    }
    const german = (await bell(endUser, 'de-DE')).sysMsgList.find((m) => m.id === id);
    expect(german).toMatchObject({ titile: 'Ticket beantwortet', msgContent: '<p>Ihr Ticket &lt;1&gt; wurde beantwortet</p>', msgCategory: '2', sender: null, openType: 'url', openPage: '/worklist/detail?id=1', readFlag: '0' });
    expect((await bell(endUser, 'zh-CN')).sysMsgList.find((m) => m.id === id)?.titile).toBe('工单已回复');
    expect((await bell(installer)).sysMsgList.map((m) => m.id)).not.toContain(id);
    expect(await t.app.notices.system({ tenantId: 1, userIds: [], title: ['a', 'b', 'c'], message: ['a', 'b', 'c'] })).toBeNull();
    // System messages are no administrator's to edit or list on the screen.
    const list = (await t.request({ method: 'GET', url: '/boot/sys/annountCement/list', token: admin, query: { pageSize: '100' } })).json().result.records as AnnouncementRecord[];
    expect(list.map((r) => r.id)).not.toContain(id);
  });

  describe('from the device plane', () => {
    const gsn = 'ANNLOGGER1';
    const key = 'secret-key-ann1';
    let logger: MqttClient;
    beforeAll(async () => {
      const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn, key }] } });
      expect(registered.json()).toMatchObject({ success: true });
      // On the end user's station: its owner, installer and distributor see it.
      await t.app.db.insert(stations).values({ id: 's-ann', tenantId: 1, name: 'Announcement Station', ownerId: endUserId, installerId, distributorId: 'u-demo-distributor' });
      await t.app.db.update(loggers).set({ stationId: 's-ann' }).where(eq(loggers.gsn, gsn));
      t.app.devicePlane.forget(gsn);
      logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsn, key);
      await publish(logger, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    });
    afterAll(() => {
      logger?.end(true);
    });

    it('tells the sender of a command that failed', async () => {
      await logger.subscribeAsync(deviceTopics.command(gsn), { qos: 1 });
      const received = new Promise<{ id: string }>((resolve) => logger.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
      const sent = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: installer, payload: { gsno: gsn, op: 'restart' } });
      expect(sent.json(), sent.body).toMatchObject({ success: true });
      const command = await received;
      await publish(logger, deviceTopics.ack(gsn), { v: 1, id: command.id, code: DeviceCode.FAILURE, message: 'battery busy' });
      const message = await waitFor(
        async () => (await bell(installer, 'zh-CN')).sysMsgList.find((m) => m.busId === command.id),
        (m) => m !== undefined,
      );
      expect(message).toMatchObject({ busType: 'command', msgCategory: '2', openType: 'url', openPage: '/collector/index' });
      expect(message?.titile).toBe(`远程指令失败：${gsn} 的 重启`);
      expect(message?.msgContent).toContain('battery busy');
      // Nobody else was told.
      expect((await bell(endUser)).sysMsgList.map((m) => m.busId)).not.toContain(command.id);
      expect((await bell(admin)).sysMsgList.map((m) => m.busId)).not.toContain(command.id);
    });

    it('tells those who see the station of a fault that opened, once', async () => {
      const event = { id: 'ann-fault-1', batterySn: 'ANNBAT0001', type: 'fault', code: 'F-OVERTEMP', category: 'temperature', begin: Date.now() };
      await publish(logger, deviceTopics.events(gsn), { v: 1, events: [event] });
      await publish(logger, deviceTopics.events(gsn), { v: 1, events: [event] });
      for (const token of [endUser, installer, admin]) {
        const message = await waitFor(
          async () => (await bell(token)).sysMsgList.filter((m) => m.busType === 'event' && m.titile === 'Fault on Announcement Station'),
          (found) => found.length > 0,
        );
        expect(message).toHaveLength(1);
        expect(message[0]).toMatchObject({ priority: 'H', openType: 'url', openPage: '/site/events' });
        expect(message[0]?.msgContent).toContain('F-OVERTEMP');
      }
      expect((await bell(outsider)).sysMsgList).toEqual([]);
      // A warning is no fault: nobody is told.
      await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ ...event, id: 'ann-warning-1', type: 'warning', code: 'W-X' }] });
      // Any system message it started is sent before this resolves.
      await t.app.devicePlane.settled();
      expect((await bell(endUser)).sysMsgList.filter((m) => m.busType === 'event')).toHaveLength(1);
    });
  });
});
