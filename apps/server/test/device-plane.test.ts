import { type CommandMessage, DeviceCode, type IngestStats, ServerCode, deviceTopics } from '@cellsight/contract';
import { loggerSigningKey, verifyCommand } from '@cellsight/contract/device-crypto';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLive } from './support/live-events.js';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { pgliteTemplateDir } from '../src/db/embedded-database.js';
import { type TestApp, addUser, adminPassword, createTestApp, migratedPglite, moveToTenant } from './support/test-app.js';

let t: TestApp;
let admin: string;
let port: number;
const gsn = 'LOGGER0001';
const key = 'secret-key-0001';
let logger: MqttClient;

const count = async (query: ReturnType<typeof sql>, db: Pick<TestApp['app']['db'], 'execute'> = t.app.db): Promise<number> => {
  const result = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
};
const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  // The embedded database in its own thread, as the server runs it: the ingest path end to end.
  t = await createTestApp({}, { pgliteThread: 'worker' });
  admin = await t.login('admin', adminPassword);
  port = t.app.devicePlane.brokerPort ?? 0;
  const registered = await t.request({
    method: 'POST',
    url: '/boot/want/logger/registerBatch',
    token: admin,
    payload: { loggers: [{ gsn, key, timezone: 'Europe/Berlin' }, { gsn: 'LOGGER0002', key: 'secret-key-0002' }] },
  });
  expect(registered.json()).toMatchObject({ success: true, result: { registered: 2, existing: 0 } });
  logger = await connectLogger(port, gsn, key);
});
afterAll(async () => {
  logger?.end(true);
  await t.close();
});

describe('logger connection', () => {
  it('refuses unknown loggers and wrong passwords at connect', async () => {
    await expect(connectLogger(port, 'NOBODY01', 'whatever-key')).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(connectLogger(port, gsn, 'wrong-key-xx')).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('marks a logger online from its state message and offline from its will', async () => {
    const second = await connectLogger(port, 'LOGGER0002', 'secret-key-0002');
    await publish(second, deviceTopics.state('LOGGER0002'), { v: 1, online: true, ts: Date.now() });
    await waitFor(() => count(sql`select count(*) as n from tb_logger where gsn = 'LOGGER0002' and online`), (n) => n === 1);
    second.stream.destroy(); // connection lost without DISCONNECT: the broker publishes the will
    await waitFor(() => count(sql`select count(*) as n from tb_logger where gsn = 'LOGGER0002' and online`), (n) => n === 0);
  });
});

describe('telemetry', () => {
  const base = Date.UTC(2026, 2, 28, 22, 0, 0); // 23:00 in Berlin, the night before summer time starts

  it('stores samples once per battery and timestamp, whatever is re-sent or out of order', async () => {
    const message = { v: 1, samples: [sample('BAT-A1', base + 60_000), sample('BAT-A1', base), sample('BAT-A2', base)] };
    await publish(logger, deviceTopics.telemetry(gsn), message);
    await publish(logger, deviceTopics.telemetry(gsn), message); // re-sent
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-A1', base + 30_000)] }); // late, in between
    expect(await count(sql`select count(*) as n from tb_battery_sample where battery_sn like 'BAT-A%'`)).toBe(4);
    const [battery] = await rows<{ logger_gsn: string; last_ts: Date }>(sql`select logger_gsn, last_ts from tb_battery where battery_sn = 'BAT-A1'`);
    expect(battery?.logger_gsn).toBe(gsn);
    expect(new Date(battery?.last_ts ?? 0).getTime()).toBe(base + 60_000);
  });

  it('stores a sample repeated inside one message once, and rolls it up once', async () => {
    const twice = sample('BAT-A4', base + 120_000);
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [twice, twice] });
    expect(await count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'BAT-A4'`)).toBe(1);
    expect(await count(sql`select coalesce(sum(samples), 0) as n from tb_battery_rollup where battery_sn = 'BAT-A4'`)).toBe(3);
  });

  it('rolls up into 5-minute, hourly and station-local daily buckets, counting each sample once', async () => {
    const buckets = await rows<{ period: string; bucket_start: Date; samples: number }>(
      sql`select period, bucket_start, samples from tb_battery_rollup where battery_sn = 'BAT-A1' order by period, bucket_start`,
    );
    expect(buckets.map((b) => [b.period, new Date(b.bucket_start).toISOString(), Number(b.samples)])).toEqual([
      ['1d', '2026-03-27T23:00:00.000Z', 3], // Berlin midnight (UTC+1) before the change
      ['1h', '2026-03-28T22:00:00.000Z', 3],
      ['5m', '2026-03-28T22:00:00.000Z', 3],
    ]);
  });

  it('puts samples after the daylight-saving change into a 23-hour local day', async () => {
    // 2026-03-29 in Berlin starts 2026-03-28T23:00Z and ends 2026-03-29T22:00Z (CEST).
    await publish(logger, deviceTopics.telemetry(gsn), {
      v: 1,
      samples: [sample('BAT-A3', Date.UTC(2026, 2, 28, 23, 30)), sample('BAT-A3', Date.UTC(2026, 2, 29, 21, 59)), sample('BAT-A3', Date.UTC(2026, 2, 29, 22, 1))],
    });
    const days = await rows<{ bucket_start: Date; samples: number }>(sql`select bucket_start, samples from tb_battery_rollup where battery_sn = 'BAT-A3' and period = '1d' order by bucket_start`);
    expect(days.map((d) => [new Date(d.bucket_start).toISOString(), Number(d.samples)])).toEqual([
      ['2026-03-28T23:00:00.000Z', 2],
      ['2026-03-29T22:00:00.000Z', 1],
    ]);
  });

  it('refuses bad messages, counts them, and keeps the good ones flowing', async () => {
    const stats = async () => {
      const response = await t.request({ method: 'GET', url: '/boot/want/ingest/stats', token: admin });
      expect(response.statusCode).toBe(200);
      return response.json().result as IngestStats;
    };
    const before = await stats();
    await publish(logger, deviceTopics.telemetry(gsn), '{not json');
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-A1', base, { soc: 250 })] });
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-A1', Date.now() + 5 * 365 * 24 * 3600 * 1000)] });
    await publish(logger, deviceTopics.telemetry(gsn), { v: 2, samples: [] });
    // Over the payload limit but under the packet limit (a larger packet closes the connection: device-abuse.test.ts).
    await publish(logger, deviceTopics.telemetry(gsn), 'x'.repeat(270 * 1024));
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-A1', base + 120_000)] });
    // The counters an administrator reads from the API.
    const after = await stats();
    expect(after.messages - before.messages).toBe(6);
    expect(after.rejected['not-json'] - before.rejected['not-json']).toBe(1);
    expect(after.rejected.invalid - before.rejected.invalid).toBe(3);
    expect(after.rejected['too-large'] - before.rejected['too-large']).toBe(1);
    expect(await count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'BAT-A1'`)).toBe(4);
  });

  it('never lets a logger write for a battery another logger owns', async () => {
    const other = await connectLogger(port, 'LOGGER0002', 'secret-key-0002');
    await publish(other, deviceTopics.telemetry('LOGGER0002'), { v: 1, samples: [sample('BAT-A1', base + 600_000)] });
    other.end(true);
    expect(await count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'BAT-A1'`)).toBe(4);
    expect(t.app.devicePlane.ingest.stats().rejected['foreign-battery']).toBeGreaterThan(0);
  });

  it('disconnects a logger that publishes outside its own topics', async () => {
    const rogue = await connectLogger(port, 'LOGGER0002', 'secret-key-0002');
    const closed = new Promise<void>((resolve) => rogue.once('close', () => resolve()));
    rogue.publish(deviceTopics.command(gsn), '{"forged":true}', { qos: 1 });
    await closed;
    rogue.end(true);
    expect(t.app.devicePlane.ingest.stats().rejected.acl).toBeGreaterThan(0);
  });
});

describe('events', () => {
  it('opens and closes events idempotently', async () => {
    const begin = Date.now() - 60_000;
    const open = { v: 1, events: [{ id: 'ev-1', batterySn: 'BAT-A1', type: 'warning', code: 'W-CELL-DELTA', category: 'cell', begin }] };
    await publish(logger, deviceTopics.events(gsn), open);
    await publish(logger, deviceTopics.events(gsn), open);
    expect(await count(sql`select count(*) as n from tb_event where logger_gsn = ${gsn} and end_time is null`)).toBe(1);
    await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ ...open.events[0], end: Date.now() }] });
    await publish(logger, deviceTopics.events(gsn), open); // a late replay of the opening does not reopen it
    expect(await count(sql`select count(*) as n from tb_event where logger_gsn = ${gsn} and end_time is not null`)).toBe(1);
  });
});

describe('messages keep the rules the protocol document states', () => {
  it('refuses an event that ends before it begins, and one about a battery another logger owns, storing neither', async () => {
    const rejected = () => t.app.devicePlane.ingest.stats().rejected;
    const before = { ...rejected() };
    const begin = Date.now() - 60_000;
    await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ id: 'ev-backwards', type: 'warning', code: 'W-X', begin, end: begin - 1000 }] });
    expect(rejected().invalid - before.invalid).toBe(1);
    const other = await connectLogger(port, 'LOGGER0002', 'secret-key-0002');
    await publish(other, deviceTopics.events('LOGGER0002'), { v: 1, events: [{ id: 'ev-foreign', batterySn: 'BAT-A1', type: 'fault', code: 'F-X', begin }] });
    other.end(true);
    expect(rejected()['foreign-battery'] - before['foreign-battery']).toBe(1);
    expect(await count(sql`select count(*) as n from tb_event where device_event_id in ('ev-backwards', 'ev-foreign')`)).toBe(0);
  });

  it('answers history and cells at the documented precision, without 4-byte float noise', async () => {
    const ts = Date.UTC(2026, 2, 10, 9, 0);
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-PREC', ts, { soc: 79.3, power: -874.4, voltage: 51.23, current: -17.07, temperature: 24.7, chargeEnergyToday: 3.141, cellVoltages: [3.289, 3.301], cellTemperatures: [24.7, 25.1] })] });
    const history = await waitFor(
      async () => (await t.request({ method: 'GET', url: '/boot/want/battery/history', token: admin, query: { batterySn: 'BAT-PREC', period: '1h', begin: '2026-03-10T00:00:00Z', end: '2026-03-11T00:00:00Z' } })).json(),
      (body) => body.result?.points?.length === 1,
    );
    expect(history.result.points[0]).toMatchObject({ socAvg: 79.3, socMin: 79.3, powerMin: -874.4, voltageAvg: 51.23, currentAvg: -17.07, temperatureMax: 24.7, chargeEnergy: 3.141 });
    const cells = await t.request({ method: 'GET', url: '/boot/want/battery/cells', token: admin, query: { batterySn: 'BAT-PREC' } });
    expect(cells.json().result).toMatchObject({ cellVoltages: [3.289, 3.301], cellTemperatures: [24.7, 25.1] });
  });

  it('keeps the optional status fields a later status message leaves out', async () => {
    const loggerRow = async () => (await rows<{ last_ip: string | null; device_type: string | null; brand: string | null; lat: number | null; firmware: string }>(sql`select last_ip, device_type, brand, lat, firmware from tb_logger where gsn = ${gsn}`))[0];
    await publish(logger, deviceTopics.status(gsn), { v: 1, ts: Date.now(), signal: -70, firmware: '2.0.0', ip: '192.0.2.7', deviceType: 'CS-GW', brand: 'Cellsight', lat: 52.5, lon: 13.4 });
    await publish(logger, deviceTopics.status(gsn), { v: 1, ts: Date.now(), signal: -65, firmware: '2.0.1' });
    expect(await loggerRow()).toMatchObject({ last_ip: '192.0.2.7', device_type: 'CS-GW', brand: 'Cellsight', lat: 52.5, firmware: '2.0.1' });
  });
});

describe('remote commands', () => {
  const operate = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload });

  it('refuses commands to offline loggers with the spec messages', async () => {
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: false });
    const restart = await operate({ gsno: gsn, op: 'restart' });
    expect(restart.json()).toMatchObject({ success: false, code: ServerCode.DEVICE_OFFLINE });
    const upgrade = await operate({ gsno: gsn, op: 'upgrade', val: JSON.stringify({ version: '2.0', url: 'https://fw.example/2.0.bin', size: 1000, sha256: 'a'.repeat(64) }) });
    expect(upgrade.json().message).toBe('The battery is offline and cannot be upgraded.');
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: true });
  });

  it('signs a command the logger can verify, and follows the answer', async () => {
    const received = new Promise<CommandMessage>((resolve) => logger.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    await logger.subscribeAsync(deviceTopics.command(gsn), { qos: 1 });
    const sent = await operate({ gsno: gsn, op: 'settings', batterySn: 'BAT-A1', val: JSON.stringify({ eod: 46 }) });
    expect(sent.json()).toMatchObject({ success: true, result: { status: 'sent', op: 'settings', createBy: 'admin' } });
    const command = await received;
    expect(verifyCommand(command, loggerSigningKey(gsn, key))).toBe(true);
    expect(verifyCommand({ ...command, val: '{"eod":50}' }, loggerSigningKey(gsn, key))).toBe(false);
    await publish(logger, deviceTopics.ack(gsn), { v: 1, id: command.id, code: DeviceCode.OK });
    const record = await waitFor(
      async () => (await t.request({ method: 'GET', url: '/boot/want/command/queryById', token: admin, query: { id: command.id } })).json().result,
      (r) => r.status === 'acknowledged',
    );
    expect(record).toMatchObject({ code: 0, batterySn: 'BAT-A1', val: '{"eod":46}' });
  });

  it('lets an answer that comes after the timeout tell what the device did, marked late', async () => {
    const received = new Promise<CommandMessage>((resolve) => logger.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    await logger.subscribeAsync(deviceTopics.command(gsn), { qos: 1 });
    await operate({ gsno: gsn, op: 'restart' });
    const command = await received;
    // Nobody answered in time: the sweep times the command out.
    await t.app.db.execute(sql`update tb_command set sent_at = now() - interval '1 hour', create_time = now() - interval '1 hour' where id = ${command.id}`);
    await t.app.devicePlane.commands.sweepTimeouts();
    const byId = async () => (await t.request({ method: 'GET', url: '/boot/want/command/queryById', token: admin, query: { id: command.id } })).json().result;
    expect(await byId()).toMatchObject({ status: 'timed_out', late: false, code: null });
    await publish(logger, deviceTopics.ack(gsn), { v: 1, id: command.id, code: DeviceCode.OK });
    expect(await waitFor(byId, (r) => r.status === 'acknowledged')).toMatchObject({ late: true, code: 0, finishedAt: expect.any(String) });
  });

  it('validates settings (EOD 44 to 50) and battery ownership', async () => {
    expect((await operate({ gsno: gsn, op: 'settings', val: JSON.stringify({ eod: 51 }) })).json()).toMatchObject({ success: false, code: ServerCode.OUT_OF_RANGE });
    expect((await operate({ gsno: gsn, op: 'settings', val: 'eod=46' })).json().message).toContain('val');
    expect((await operate({ gsno: gsn, op: 'restart', batterySn: 'NOT-MINE' })).json().message).toContain('batterySn');
    expect((await operate({ gsno: 'NOSUCHLOGGER', op: 'restart' })).json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    expect((await operate({ gsno: gsn, op: 'reboot' })).statusCode).toBe(400);
  });

  it('tracks upgrade progress and keeps the 5-minute cool-down', async () => {
    const target = JSON.stringify({ version: '2.0', url: 'https://fw.example/2.0.bin', size: 1000, sha256: 'b'.repeat(64) });
    const sent = (await operate({ gsno: gsn, op: 'upgrade', batterySn: 'BAT-A2', val: target })).json().result;
    await publish(logger, deviceTopics.ack(gsn), { v: 1, id: sent.id, code: 0, upgradeState: 'downloading', progress: 40 });
    const list = async () => (await t.request({ method: 'GET', url: '/boot/want/command/list', token: admin, query: { op: 'upgrade' } })).json().result.records[0];
    expect(await list()).toMatchObject({ status: 'acknowledged', upgradeState: 'downloading', progress: 40, finishedAt: null });
    await publish(logger, deviceTopics.ack(gsn), { v: 1, id: sent.id, code: 500, upgradeState: 'download_failed' });
    expect(await list()).toMatchObject({ status: 'failed', upgradeState: 'download_failed', code: 500 });
    // A late, replayed success changes nothing.
    await publish(logger, deviceTopics.ack(gsn), { v: 1, id: sent.id, code: 0, upgradeState: 'succeeded' });
    expect(await list()).toMatchObject({ status: 'failed' });
    const again = await operate({ gsno: gsn, op: 'upgrade', batterySn: 'BAT-A2', val: target });
    expect(again.json()).toMatchObject({ success: false, message: 'less than 5 minutes since the last upgrade' });
  });

  it('hides other tenants’ loggers and commands', async () => {
    await moveToTenant(t, await addUser(t, admin, { username: 'outsider', password: 'Outsider1', selectedroles: 'r-installer' }), 2);
    const outsider = await t.login('outsider', 'Outsider1');
    const attempt = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: outsider, payload: { gsno: gsn, op: 'restart' } });
    expect(attempt.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    const list = await t.request({ method: 'GET', url: '/boot/want/command/list', token: outsider });
    expect(list.json().result.total).toBe(0);
  });
});

describe('console lists', () => {
  it('lists the tenant’s loggers with their state and battery count, filtered by the list contract', async () => {
    const all = await t.request({ method: 'GET', url: '/boot/want/logger/list?column=gsn&order=asc', token: admin });
    expect(all.statusCode).toBe(200);
    const records = all.json().result.records as { gsn: string; online: boolean; batteryCount: number; timezone: string }[];
    expect(records.map((r) => r.gsn)).toEqual([gsn, 'LOGGER0002']);
    expect(records[0]).toMatchObject({ gsn, online: true, timezone: 'Europe/Berlin' });
    expect(records[0]?.batteryCount).toBeGreaterThanOrEqual(4);
    expect(records[1]).toMatchObject({ gsn: 'LOGGER0002', online: false, batteryCount: 0 });

    const offline = await t.request({ method: 'GET', url: '/boot/want/logger/list?online=false', token: admin });
    expect(offline.json().result.records.map((r: { gsn: string }) => r.gsn)).toEqual(['LOGGER0002']);
    const bad = await t.request({ method: 'GET', url: '/boot/want/logger/list?online=perhaps', token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(bad.json().message).toContain('online');
  });

  it('lists a logger’s batteries with their latest reading', async () => {
    const response = await t.request({ method: 'GET', url: `/boot/want/battery/list?loggerGsn=${gsn}&batterySn=BAT-A1`, token: admin });
    const [battery] = response.json().result.records as { batterySn: string; loggerGsn: string; lastTs: string; soc: number }[];
    expect(battery).toMatchObject({ batterySn: 'BAT-A1', loggerGsn: gsn });
    const [stored] = await rows<{ last_ts: Date; soc: number }>(sql`select last_ts, soc from tb_battery where battery_sn = 'BAT-A1'`);
    expect(battery?.lastTs).toBe(new Date(stored?.last_ts ?? 0).toISOString());
    expect(battery?.soc).toBe(Number(stored?.soc));
  });

  it('gives the cell voltages and temperatures of a battery’s latest reading', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/want/battery/cells', token: admin, query: { batterySn: 'BAT-A1' } });
    expect(response.statusCode).toBe(200);
    const [stored] = await rows<{ last_ts: Date }>(sql`select last_ts from tb_battery where battery_sn = 'BAT-A1'`);
    expect(response.json().result).toEqual({ batterySn: 'BAT-A1', ts: new Date(stored?.last_ts ?? 0).toISOString(), cellVoltages: [3.2, 3.21, 3.19, 3.2], cellTemperatures: [25, 26] });
    const unknown = await t.request({ method: 'GET', url: '/boot/want/battery/cells', token: admin, query: { batterySn: 'BAT-NOPE' } });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.request({ method: 'GET', url: '/boot/want/battery/cells', token: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('batterySn');
  });

  it('gives a battery’s history from the rollups, in the logger’s time zone, within bounded ranges', async () => {
    const history = (query: Record<string, string>, token = admin) => t.request({ method: 'GET', url: '/boot/want/battery/history', token, query });
    const hourly = await history({ batterySn: 'BAT-A1', period: '1h', begin: '2026-03-28T00:00:00Z', end: '2026-03-30T00:00:00Z' });
    expect(hourly.statusCode).toBe(200);
    expect(hourly.json().result).toMatchObject({ batterySn: 'BAT-A1', period: '1h', timezone: 'Europe/Berlin' });
    const stored = await count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'BAT-A1' and ts >= '2026-03-28T22:00:00Z' and ts < '2026-03-28T23:00:00Z'`);
    expect(hourly.json().result.points).toEqual([
      expect.objectContaining({ bucketStart: '2026-03-28T22:00:00.000Z', samples: stored, socAvg: 50, socMin: 50, socMax: 50, powerAvg: 1024, chargeEnergy: 1.5 }),
    ]);
    const daily = await history({ batterySn: 'BAT-A1', period: '1d', begin: '2026-03-01T00:00:00Z', end: '2026-04-01T00:00:00Z' });
    expect(daily.json().result.points.map((p: { bucketStart: string }) => p.bucketStart)).toEqual(['2026-03-27T23:00:00.000Z']);

    const tooLong = await history({ batterySn: 'BAT-A1', period: '5m', begin: '2026-03-01T00:00:00Z', end: '2026-03-20T00:00:00Z' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('begin');
    const badPeriod = await history({ batterySn: 'BAT-A1', period: '2h' });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().message).toContain('period');
    const unknown = await history({ batterySn: 'BAT-NOPE', period: '1h' });
    expect(unknown.statusCode).toBe(404);
    const outsider = await t.login('outsider', 'Outsider1');
    const hidden = await history({ batterySn: 'BAT-A1', period: '1h' }, outsider);
    expect(hidden.statusCode).toBe(404);
    const hiddenCells = await t.request({ method: 'GET', url: '/boot/want/battery/cells', token: outsider, query: { batterySn: 'BAT-A1' } });
    expect(hiddenCells.statusCode).toBe(404);
  });

  it('shows nothing of other tenants, and refuses users without the permission', async () => {
    const outsider = await t.login('outsider', 'Outsider1');
    // Ingestion counters are for administrators only.
    expect((await t.request({ method: 'GET', url: '/boot/want/ingest/stats', token: outsider })).statusCode).toBe(403);
    const loggers = await t.request({ method: 'GET', url: '/boot/want/logger/list', token: outsider });
    expect(loggers.json().result.total).toBe(0);
    const batteries = await t.request({ method: 'GET', url: `/boot/want/battery/list?loggerGsn=${gsn}`, token: outsider });
    expect(batteries.json().result.total).toBe(0);

    await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { username: 'noroles', password: 'Noroles1', realname: 'x' } });
    const noRoles = await t.login('noroles', 'Noroles1');
    const refused = await t.request({ method: 'GET', url: '/boot/want/logger/list', token: noRoles });
    expect(refused.statusCode).toBe(403);
  });
});

describe('live updates', () => {
  it('tells signed-in browsers of the logger’s tenant when it goes online or offline', async () => {
    const live = await listenLive(t, admin);
    const events = live.heard;
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: false });
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: true });
    await waitFor(async () => events.filter((e) => e.event === 'logger.state').length, (n) => n >= 2);
    expect(events.filter((e) => e.event === 'logger.state').map((e) => e.data)).toEqual([
      { gsn, online: false },
      { gsn, online: true },
    ]);

    // A battery seen for the first time is announced once its samples are stored; known ones are not.
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-NEW1', Date.now()), sample('BAT-A1', Date.now())] });
    await waitFor(async () => events.filter((e) => e.event === 'battery.added').length, (n) => n >= 1);
    expect(events.filter((e) => e.event === 'battery.added').map((e) => e.data)).toEqual([{ gsn, batterySns: ['BAT-NEW1'] }]);
    expect(await count(sql`select count(*) as n from tb_battery where battery_sn = 'BAT-NEW1'`)).toBe(1);
    live.close();
  });

  it('tells the browsers once the readings are stored, naming the logger with its newest sample time', async () => {
    const live = await listenLive(t, admin);
    const named = () => live.heard.filter((e) => e.event === 'battery.reading').flatMap((e) => (e.data as { loggers: { gsn: string; ts: number }[] }).loggers.filter((entry) => entry.gsn === gsn));
    // Ahead of every reading the earlier tests sent, so the newest time heard is one of these.
    const first = Date.now() + 60_000;
    // Each message is stored before its PUBACK; the browser hears of them within the gathering interval.
    for (const ts of [first, first + 1000, first + 500]) await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-A1', ts)] });
    await waitFor(async () => Math.max(0, ...named().map((entry) => entry.ts)), (newest) => newest === first + 1000);
    expect(Math.max(...named().map((entry) => entry.ts))).toBe(first + 1000);
    // Gathered: never more events for the logger than messages it sent.
    expect(named().filter((entry) => entry.ts >= first).length).toBeLessThanOrEqual(3);
    live.close();
  });
});

describe('shutdown', () => {
  it('records its connected loggers offline before the database it owns closes', async () => {
    // A platform that opens (and so closes) its own embedded database, on a data folder made from
    // the build's template or, before a build, from the run's migrated dump; afterwards the folder
    // is opened again to read what was written.
    const dataDir = mkdtempSync(join(tmpdir(), 'cellsight-shutdown-'));
    try {
      const built = existsSync(join(pgliteTemplateDir(), 'PG_VERSION'));
      const made = await openDatabase({ kind: 'pglite', dataDir, ...(built ? {} : { from: await migratedPglite() }), thread: 'main' });
      await made.close();
      const config = loadConfig({ ADMIN_PASSWORD: adminPassword, DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', MAP_TILE_URL: 'none', MAP_GEOCODER_URL: 'none', WEB_DIST: join(dataDir, 'no-web') });
      const app = await buildApp(config, { logger: false });
      await app.ready();
      // Enough loggers that their disconnections are still being written when the broker has closed.
      const gsns = Array.from({ length: 40 }, (_, index) => `SHUTDOWN${String(index).padStart(2, '0')}`);
      for (const name of gsns) await app.db.execute(sql`insert into tb_logger (gsn, registration_key) values (${name}, ${`key-of-${name}`})`);
      const clients = await Promise.all(gsns.map((name) => connectLogger(app.devicePlane.brokerPort ?? 0, name, `key-of-${name}`)));
      await Promise.all(clients.map((client, index) => publish(client, deviceTopics.state(gsns[index] ?? ''), { v: 1, online: true, ts: Date.now() })));
      const onlineCount = async () => count(sql`select count(*) as n from tb_logger where gsn like 'SHUTDOWN%' and online`, app.db);
      await waitFor(onlineCount, (n) => n === gsns.length);
      await app.close();
      for (const client of clients) client.end(true);

      const reopened = await openDatabase({ kind: 'pglite', dataDir, thread: 'main' });
      try {
        expect(await count(sql`select count(*) as n from tb_logger where gsn like 'SHUTDOWN%' and online`, reopened.db)).toBe(0);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
