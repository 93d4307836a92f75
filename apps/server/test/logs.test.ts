import { type LogRecord, LogType, OperateType, Permission, logEndpoints, logResource } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs } from '../src/db/schema.js';
import { newId } from '../src/lib/ids.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/** Sign-ins (login log) and changes (operation log): both kinds of row, written by the server itself. */
async function writeLogs(t: TestApp, admin: string): Promise<void> {
  for (let i = 0; i < 2; i += 1) await t.login('admin', adminPassword);
  await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'admin', password: 'not-the-password' } });
  for (const [code, name] of [['LOG1', 'Log writer'], ['LOG2', 'Log reader']]) {
    const response = await t.request({ method: 'POST', url: '/boot/sys/position/add', token: admin, payload: { code, name, rank: '1' } });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  // The operation log's rows are written once the answers are out.
  await t.app.operationLog.settled();
}

describeListEndpoint('logs', {
  url: '/boot/sys/log/list',
  columns: logResource.columns,
  permission: Permission.LogList,
  seed: writeLogs,
  // Read-only: the screen has no writing call.
  writes: [],
});

const dayMs = 24 * 60 * 60 * 1000;
/** The counters count UTC days; the test computes "today" the same way. */
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * dayMs).toISOString().slice(0, 10);

describe('logs', () => {
  let t: TestApp;
  let admin: string;
  type Page = { records: LogRecord[]; total: number };
  const list = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
    const response = await t.request({ method: 'GET', url: '/boot/sys/log/list', token: admin, query: { pageSize: '1000', ...query }, headers });
    return { status: response.statusCode, body: response.json() as { success: boolean; message: string; result: Page } };
  };
  const addLogin = (ip: string, createTime: Date) =>
    t.app.db.insert(logs).values({ id: newId(), logType: LogType.Login, logContent: 'User admin signed in', userid: 'admin', ip, requestUrl: '/sys/login', requestType: 'POST', createTime });
  const counters = async () => {
    const [info, visits] = await Promise.all([
      t.call(logEndpoints.logInfo, { token: admin }),
      t.call(logEndpoints.visitInfo, { token: admin }),
    ]);
    expect(info.statusCode).toBe(200);
    expect(visits.statusCode).toBe(200);
    return { info: info.envelope.result, visits: visits.envelope.result };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', adminPassword);
    await writeLogs(t, admin);
  });
  afterAll(() => t.close());

  it('lists sign-ins and changes apart by logType, newest first', async () => {
    const logins = (await list({ logType: String(LogType.Login) })).body.result.records;
    const operations = (await list({ logType: String(LogType.Operation) })).body.result.records;
    expect(logins.length).toBeGreaterThanOrEqual(4);
    expect(logins.every((row) => row.logType === LogType.Login)).toBe(true);
    expect(logins.map((row) => row.logContent)).toEqual(expect.arrayContaining(['User admin signed in', 'Wrong password']));
    expect(logins[0]).toMatchObject({ userid: 'admin', ip: '127.0.0.1', requestUrl: '/sys/login' });
    expect(operations.length).toBeGreaterThanOrEqual(2);
    expect(operations.every((row) => row.logType === LogType.Operation)).toBe(true);
    expect(operations[0]).toMatchObject({ operateType: OperateType.Add, requestType: 'POST', requestUrl: '/boot/sys/position/add', userid: 'admin' });
    expect(operations[0]?.costTime).toEqual(expect.any(Number));
    const times = logins.map((row) => row.createTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('finds the rows whose content holds the keyWord, in any case, wildcards matching only themselves', async () => {
    const found = (await list({ keyWord: 'SIGNED IN' })).body.result.records;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => row.logContent.toLowerCase().includes('signed in'))).toBe(true);
    const both = (await list({ keyWord: 'position', logType: String(LogType.Operation) })).body.result.records;
    expect(both.length).toBe(2);
    expect((await list({ keyWord: '%' })).body.result.total).toBe(0);
    expect((await list({ keyWord: '_' })).body.result.total).toBe(0);
    // A blank keyword is no filter.
    expect((await list({ keyWord: '  ' })).body.result.total).toBe((await list({})).body.result.total);
  });

  it('narrows to a time range: whole UTC days, or exact times', async () => {
    await addLogin('203.0.113.9', new Date(Date.now() - 20 * dayMs));
    const everything = (await list({})).body.result.total;
    const today = (await list({ createTime_begin: utcDay(), createTime_end: utcDay() })).body.result;
    expect(today.total).toBe(everything - 1);
    const old = (await list({ createTime_end: utcDay(-10) })).body.result.records;
    expect(old.map((row) => row.ip)).toEqual(['203.0.113.9']);
    expect((await list({ createTime_begin: new Date(Date.now() + 60_000).toISOString() })).body.result.total).toBe(0);
    const refused = await list({ createTime_begin: 'yesterday' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('createTime_begin');
  });

  it("gives the log type's and the operation's text in the caller's language", async () => {
    const chinese = (await list({ logType: String(LogType.Operation) }, { 'accept-language': 'zh-CN' })).body.result.records[0];
    expect(chinese).toMatchObject({ logType_dictText: '操作日志', operateType_dictText: '添加' });
    const login = (await list({ logType: String(LogType.Login) }, { 'accept-language': 'de-DE' })).body.result.records[0];
    expect(login).toMatchObject({ logType_dictText: 'Anmeldeprotokoll', operateType: null, operateType_dictText: null });
  });

  it('has no writing calls', async () => {
    for (const [method, url] of [['POST', '/boot/sys/log/add'], ['PUT', '/boot/sys/log/edit'], ['DELETE', '/boot/sys/log/delete']] as const) {
      expect((await t.request({ method, url, token: admin, query: { id: 'x' }, payload: {} })).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('counts sign-ins (not changes) in total, today and distinct addresses today, and per day for a week', async () => {
    const before = await counters();
    for (let i = 0; i < 3; i += 1) await t.login('admin', adminPassword);
    await t.request({ method: 'POST', url: '/boot/sys/position/add', token: admin, payload: { code: 'LOG3', name: 'Not a sign-in', rank: '1' } });
    await addLogin('198.51.100.7', new Date());
    await addLogin('198.51.100.8', new Date(Date.now() - 2 * dayMs));
    await addLogin('198.51.100.9', new Date(Date.now() - 8 * dayMs));
    const after = await counters();

    expect(after.info.totalVisitCount - before.info.totalVisitCount).toBe(6);
    expect(after.info.todayVisitCount - before.info.todayVisitCount).toBe(4);
    // Every test sign-in comes from 127.0.0.1; the new address today adds one.
    expect(after.info.todayIp).toBe(2);
    const loginsToday = (await list({ logType: String(LogType.Login), createTime_begin: utcDay(), createTime_end: utcDay() })).body.result.total;
    expect(after.info.todayVisitCount).toBe(loginsToday);

    expect(after.visits.map((day) => day.tian)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(utcDay));
    expect(after.visits.map((day) => day.type)).toEqual(after.visits.map((day) => day.tian.slice(5)));
    const [sixDaysAgo, , , , twoDaysAgo, , today] = after.visits;
    expect(today).toMatchObject({ visit: after.info.todayVisitCount, ip: 2 });
    expect(twoDaysAgo).toMatchObject({ visit: 1, ip: 1 });
    expect(sixDaysAgo).toEqual({ visit: 0, ip: 0, tian: utcDay(-6), type: utcDay(-6).slice(5) });
    expect(after.visits.reduce((sum, day) => sum + day.visit, 0)).toBe(after.info.todayVisitCount + 1);
  });

  it("counts only the sign-ins of the caller's tenants' users: another tenant's stay its own", async () => {
    const before = await counters();
    await moveToTenant(t, await addUser(t, admin, { username: 'log_elsewhere' }), 5);
    for (let i = 0; i < 2; i += 1) await t.login('log_elsewhere', 'Passw0rd1');
    const after = await counters();
    expect(after.info.totalVisitCount).toBe(before.info.totalVisitCount);
    expect(after.info.todayVisitCount).toBe(before.info.todayVisitCount);
    const elsewhere = await t.login('log_elsewhere', 'Passw0rd1');
    const theirs = (await t.call(logEndpoints.logInfo, { token: elsewhere })).envelope.result;
    expect(theirs.totalVisitCount).toBe(3);
  });

  it('answers the counters to any signed-in user, and to no one else', async () => {
    await addUser(t, admin, { username: 'log_no_grants' });
    const plain = await t.login('log_no_grants', 'Passw0rd1');
    for (const url of ['/boot/sys/loginfo', '/boot/sys/visitInfo']) {
      expect((await t.request({ method: 'GET', url, token: plain })).statusCode, url).toBe(200);
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await t.request({ method: 'GET', url: '/boot/sys/log/list', token: plain })).statusCode).toBe(403);
  });
});
