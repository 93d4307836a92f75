import { ServerCode, deviceTopics } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLogger, publish, sample } from './support/device.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

let t: TestApp;
let admin: string;
let port: number;
const clients: MqttClient[] = [];
const loggerA = { gsn: 'MOVELOGA01', key: 'move-key-a001' };
const loggerB = { gsn: 'MOVELOGB01', key: 'move-key-b001' };
/** A logger of another tenant, with its own battery. */
const loggerC = { gsn: 'MOVELOGC01', key: 'move-key-c001' };
const battery = 'MOVEPACK-01';
const foreignBattery = 'MOVEPACK-C1';
let a: MqttClient;
let b: MqttClient;

/** Three whole hours ago: A's sample falls in the first hour, B's (after the move) in the next. */
const hour = 3_600_000;
const start = Math.floor(Date.now() / hour) * hour - 3 * hour;

const move = (payload: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/boot/want/battery/move', token, payload });
const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
const owner = async (sn: string) => (await rows<{ logger_gsn: string }>(sql`select logger_gsn from tb_battery where battery_sn = ${sn}`))[0]?.logger_gsn;
const storedTimes = async (sn: string) =>
  (await rows<{ ts: Date | string }>(sql`select ts from tb_battery_sample where battery_sn = ${sn} order by ts`)).map((row) => new Date(row.ts).getTime());
const foreignRefusals = () => t.app.devicePlane.ingest.stats().rejected['foreign-battery'];
/** Publishes one sample with QoS 1: the PUBACK comes once the platform stored or dropped it. */
const report = (client: MqttClient, gsn: string, sn: string, ts: number, soc: number) => publish(client, deviceTopics.telemetry(gsn), { v: 1, samples: [sample(sn, ts, { soc })] });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  port = t.app.devicePlane.brokerPort ?? 0;
  const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [loggerA, loggerB] } });
  expect(registered.json()).toMatchObject({ success: true, result: { registered: 2 } });
  a = await connectLogger(port, loggerA.gsn, loggerA.key);
  b = await connectLogger(port, loggerB.gsn, loggerB.key);
  clients.push(a, b);
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await t?.close();
});

describe('moving a battery to another logger', () => {
  it('before the move, the battery belongs to the logger that reported it first; another logger’s samples of it are dropped', async () => {
    await report(a, loggerA.gsn, battery, start + 60_000, 41);
    expect(await owner(battery)).toBe(loggerA.gsn);
    const refused = foreignRefusals();
    await report(b, loggerB.gsn, battery, start + 120_000, 99);
    expect(foreignRefusals() - refused).toBe(1);
    expect(await storedTimes(battery)).toEqual([start + 60_000]);
  });

  it('moves it: the new logger’s very next sample is stored and the old logger’s dropped as foreign', async () => {
    const answer = await move({ batterySn: battery, gsn: loggerB.gsn });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, code: ServerCode.EDITED });
    expect(await owner(battery)).toBe(loggerB.gsn);

    // Ingestion had A cached as the owner (for 60 s): the move must not wait for that to expire.
    await report(b, loggerB.gsn, battery, start + hour + 60_000, 77);
    expect(await storedTimes(battery)).toEqual([start + 60_000, start + hour + 60_000]);
    const refused = foreignRefusals();
    await report(a, loggerA.gsn, battery, start + hour + 120_000, 12);
    expect(foreignRefusals() - refused).toBe(1);
    expect(await storedTimes(battery)).toEqual([start + 60_000, start + hour + 60_000]);

    // The battery's latest reading is the new logger's, and it is listed under the new logger only.
    const [latest] = await rows<{ soc: number; last_ts: Date | string }>(sql`select soc, last_ts from tb_battery where battery_sn = ${battery}`);
    expect(new Date(latest?.last_ts ?? 0).getTime()).toBe(start + hour + 60_000);
    expect(Number(latest?.soc)).toBe(77);
    const listed = async (gsn: string) =>
      (await t.request({ method: 'GET', url: '/boot/want/battery/list', token: admin, query: { loggerGsn: gsn } })).json().result.records.map((r: { batterySn: string }) => r.batterySn);
    expect(await listed(loggerB.gsn)).toEqual([battery]);
    expect(await listed(loggerA.gsn)).toEqual([]);
  });

  it('keeps the battery’s history: the rollups from before the move are still answered', async () => {
    const history = await t.request({
      method: 'GET',
      url: '/boot/want/battery/history',
      token: admin,
      query: { batterySn: battery, period: '1h', begin: new Date(start - hour).toISOString(), end: new Date(start + 3 * hour).toISOString() },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().result.points.map((p: { bucketStart: string; samples: number; socAvg: number }) => [p.bucketStart, p.samples, p.socAvg])).toEqual([
      [new Date(start).toISOString(), 1, 41],
      [new Date(start + hour).toISOString(), 1, 77],
    ]);
  });

  it('writes the move to the operation log, naming the battery, both loggers and the administrator', async () => {
    const logs = await t.request({ method: 'GET', url: '/boot/sys/log/list', token: admin, query: { logType: '2', keyWord: battery } });
    expect(logs.json().result.records).toEqual([expect.objectContaining({ logContent: `Moved battery ${battery} from logger ${loggerA.gsn} to logger ${loggerB.gsn}`, userid: 'admin' })]);
  });

  it('refuses a move to the logger that has the battery already, naming the field', async () => {
    const answer = await move({ batterySn: battery, gsn: loggerB.gsn });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().result.errors).toEqual([{ field: 'gsn', message: `battery ${battery} already belongs to logger ${loggerB.gsn}` }]);
  });

  it('refuses serial numbers outside the contract’s patterns, naming the field', async () => {
    const fields = async (payload: Record<string, unknown>) => {
      const answer = await move(payload);
      expect(answer.statusCode).toBe(400);
      return answer.json().result.errors.map((e: { field: string }) => e.field);
    };
    expect(await fields({ batterySn: 'no', gsn: loggerA.gsn })).toEqual(['batterySn']);
    expect(await fields({ batterySn: 'has a space', gsn: loggerA.gsn })).toEqual(['batterySn']);
    expect(await fields({ batterySn: battery, gsn: 'bad/sn' })).toEqual(['gsn']);
    expect(await fields({ batterySn: battery, gsn: 'x'.repeat(33) })).toEqual(['gsn']);
    expect(await fields({ batterySn: battery })).toEqual(['gsn']);
    expect(await owner(battery)).toBe(loggerB.gsn);
  });

  it('answers 404 for a battery or a logger of another tenant, as for ones that do not exist, and moves nothing', async () => {
    await moveToTenant(t, await addUser(t, admin, { username: 'move_other_admin', password: 'OtherAdmin1', selectedroles: 'r-admin' }), 2);
    const other = await t.login('move_other_admin', 'OtherAdmin1');
    const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: other, payload: { loggers: [loggerC] } });
    expect(registered.json()).toMatchObject({ success: true, result: { registered: 1 } });
    const c = await connectLogger(port, loggerC.gsn, loggerC.key);
    clients.push(c);
    await report(c, loggerC.gsn, foreignBattery, start + 60_000, 50);
    expect(await owner(foreignBattery)).toBe(loggerC.gsn);

    const refusal = async (payload: Record<string, unknown>, token = admin) => {
      const answer = await move(payload, token);
      expect(answer.statusCode).toBe(404);
      const body = answer.json();
      return { code: body.code, fields: body.result.errors.map((e: { field: string }) => e.field) };
    };
    const loggerNotFound = { code: ServerCode.NOT_FOUND, fields: ['gsn'] };
    const batteryNotFound = { code: ServerCode.NOT_FOUND, fields: ['batterySn'] };
    // Another tenant's logger, and one that does not exist.
    expect(await refusal({ batterySn: battery, gsn: loggerC.gsn })).toEqual(loggerNotFound);
    expect(await refusal({ batterySn: battery, gsn: 'NOSUCHLOGGER' })).toEqual(loggerNotFound);
    // Another tenant's battery, and one that does not exist; the other tenant cannot take ours either.
    expect(await refusal({ batterySn: foreignBattery, gsn: loggerA.gsn })).toEqual(batteryNotFound);
    expect(await refusal({ batterySn: 'NOSUCHPACK', gsn: loggerA.gsn })).toEqual(batteryNotFound);
    expect(await refusal({ batterySn: battery, gsn: loggerC.gsn }, other)).toEqual(batteryNotFound);

    expect(await owner(battery)).toBe(loggerB.gsn);
    expect(await owner(foreignBattery)).toBe(loggerC.gsn);
  });

  it('is for administrators only: an installer, who may register loggers and send commands, is refused with 403', async () => {
    await addUser(t, admin, { username: 'move_installer', password: 'Installer1', selectedroles: 'r-installer' });
    const installer = await t.login('move_installer', 'Installer1');
    const answer = await move({ batterySn: battery, gsn: loggerA.gsn }, installer);
    expect(answer.statusCode).toBe(403);
    expect(await owner(battery)).toBe(loggerB.gsn);
  });
});
