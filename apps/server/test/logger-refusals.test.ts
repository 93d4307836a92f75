import { type LoggerRefusal, ServerCode, deviceTopics } from '@cellsight/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/** A logger's diagnostics: its refused messages per reason, stored, and seen only by who may see the logger. */
let t: TestApp;
let admin: string;
const gsn = 'REFUSE0001';
const key = 'refuse-key-0001';
const neighbour = 'REFUSE0002';
const neighbourKey = 'refuse-key-0002';
let logger: MqttClient | undefined;

const refusals = async (token: string, of = gsn) => t.request({ method: 'GET', url: '/boot/want/logger/refusals', token, query: { gsn: of } });

const byReason = async (): Promise<Record<string, LoggerRefusal>> => {
  const response = await refusals(admin);
  expect(response.statusCode).toBe(200);
  return Object.fromEntries((response.json().result as LoggerRefusal[]).map((r) => [r.reason, r]));
};

/** Waits for the periodic write (every 2 s) to show what the logger sent. */
const waitForCounts = (expected: Record<string, number>) =>
  waitFor(byReason, (rows) => Object.entries(expected).every(([reason, count]) => rows[reason]?.count === count));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  const registered = await t.request({
    method: 'POST',
    url: '/boot/want/logger/registerBatch',
    token: admin,
    payload: { loggers: [{ gsn, key }, { gsn: neighbour, key: neighbourKey }] },
  });
  expect(registered.json(), registered.body).toMatchObject({ success: true, result: { registered: 2 } });
});
afterAll(async () => {
  logger?.end(true);
  await t.close();
});

describe('refusals per logger', () => {
  it('answers an empty list for a logger that sent nothing wrong', async () => {
    const response = await refusals(admin);
    expect(response.json()).toMatchObject({ success: true, result: [] });
  });

  it('keeps each reason’s count, first and last time, and the latest message’s topic, cause and payload', async () => {
    logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsn, key);
    const started = Date.now();
    await publish(logger, deviceTopics.telemetry(gsn), '{not json');
    // NUL and bytes that are not UTF-8 cannot be stored as text: they come back replaced.
    await logger.publishAsync(deviceTopics.status(gsn), Buffer.from([0x7b, 0x00, 0x22, 0xff, 0xfe, 0x41]), { qos: 1 });
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-R1', Date.now(), { soc: 250 })] });
    const lastInvalid = JSON.stringify({ v: 1, events: [{ id: 'ev-1', type: 'warning', code: 'W-X', begin: Date.now(), end: Date.now() - 60_000 }] });
    await publish(logger, deviceTopics.events(gsn), lastInvalid);

    const rows = await waitForCounts({ 'not-json': 2, invalid: 2 });
    expect(rows['not-json']).toMatchObject({ lastTopic: deviceTopics.status(gsn), lastExample: '{\uFFFD"\uFFFD\uFFFDA' });
    expect(rows['not-json']?.lastDetail).toMatch(/^payload is not JSON/);
    expect(rows.invalid).toMatchObject({ lastTopic: deviceTopics.events(gsn), lastExample: lastInvalid });
    expect(rows.invalid?.lastDetail).toMatch(/^events\.0\.end: /);
    const first = Date.parse(rows['not-json']?.firstTime ?? '');
    expect(first).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(rows['not-json']?.lastTime ?? '')).toBeGreaterThanOrEqual(first);
    // The counter an administrator reads for the whole process counts them too.
    expect(t.app.devicePlane.ingest.stats().rejected['not-json']).toBe(2);
  });

  it('cuts a long payload to its first KiB', async () => {
    const long = JSON.stringify({ v: 1, samples: [sample('BAT-R1', Date.now(), { soc: 250, cellVoltages: Array.from({ length: 64 }, () => 3.2) })], padding: 'x'.repeat(2000) });
    await publish(logger as MqttClient, deviceTopics.telemetry(gsn), long);
    const rows = await waitForCounts({ invalid: 3 });
    expect(rows.invalid?.lastExample).toBe(`${long.slice(0, 1024)}…`);
    expect(rows.invalid?.lastDetail).toMatch(/^samples\.0\.soc: /);
  });

  it('names the battery of another logger that a message was refused for', async () => {
    const other = await connectLogger(t.app.devicePlane.brokerPort ?? 0, neighbour, neighbourKey);
    await publish(other, deviceTopics.telemetry(neighbour), { v: 1, samples: [sample('BAT-NEIGHBOUR', Date.now() - 60_000)] });
    other.end(true);
    await publish(logger as MqttClient, deviceTopics.events(gsn), { v: 1, events: [{ id: 'ev-2', batterySn: 'BAT-NEIGHBOUR', type: 'fault', code: 'F-X', begin: Date.now() - 1000 }] });
    const rows = await waitForCounts({ 'foreign-battery': 1 });
    expect(rows['foreign-battery']?.lastDetail).toContain('BAT-NEIGHBOUR');
    expect(rows['foreign-battery']?.lastTopic).toBe(deviceTopics.events(gsn));
  });

  it('counts a publish to another logger’s topic against the logger that tried it', async () => {
    const rogue = logger as MqttClient;
    const closed = new Promise<void>((resolve) => rogue.once('close', () => resolve()));
    rogue.publish(deviceTopics.telemetry(neighbour), '{"v":1}', { qos: 1 });
    await closed; // the embedded broker closes the connection of a logger publishing outside its topics
    rogue.end(true);
    const rows = await waitForCounts({ acl: 1 });
    expect(rows.acl?.lastTopic).toBe(deviceTopics.telemetry(neighbour));
    const neighbours = await refusals(admin, neighbour);
    expect(neighbours.json().result).toEqual([]);
  });

  it('keeps the counts over a restart, storing on shutdown what was not written yet, and adds to them afterwards', async () => {
    const before = await byReason();
    logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsn, key);
    // Acknowledged once counted in memory; the periodic write has not run yet when the platform stops.
    await publish(logger, deviceTopics.state(gsn), 'refused just before the restart');
    await t.restart();
    admin = await t.login('admin', adminPassword);
    const restarted = await byReason();
    expect(restarted['not-json']).toMatchObject({ count: 3, firstTime: before['not-json']?.firstTime, lastExample: 'refused just before the restart', lastTopic: deviceTopics.state(gsn) });
    expect(restarted.invalid).toEqual(before.invalid);
    expect(restarted.acl).toEqual(before.acl);

    logger.end(true);
    logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsn, key);
    await publish(logger, deviceTopics.ack(gsn), 'still not json');
    const after = await waitForCounts({ 'not-json': 4 });
    expect(after['not-json']).toMatchObject({ firstTime: before['not-json']?.firstTime, lastExample: 'still not json', lastTopic: deviceTopics.ack(gsn) });
  });
});

describe('who sees a logger’s refusals', () => {
  it('answers 404 to users of another tenant and for unknown loggers, 400 for a malformed SN, 403 without the permission', async () => {
    await moveToTenant(t, await addUser(t, admin, { username: 'outsider', password: 'Outsider1', selectedroles: 'r-installer' }), 2);
    const outsider = await t.login('outsider', 'Outsider1');
    const hidden = await refusals(outsider);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    expect((await refusals(admin, 'NOSUCHLOGGER')).statusCode).toBe(404);

    const malformed = await refusals(admin, 'bad sn!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().result.errors[0].field).toBe('gsn');

    // A logger on no station: its registrant and the tenant's administrators see it (the scope rule).
    await addUser(t, admin, { username: 'colleague', password: 'Colleague1', selectedroles: 'r-installer', accountType: 'admin' });
    const colleague = await t.login('colleague', 'Colleague1');
    const seen = await refusals(colleague);
    expect(seen.statusCode).toBe(200);
    expect((seen.json().result as LoggerRefusal[]).map((r) => r.reason).sort()).toEqual(['acl', 'foreign-battery', 'invalid', 'not-json']);

    await addUser(t, admin, { username: 'noroles', password: 'Noroles1' });
    const noRoles = await t.login('noroles', 'Noroles1');
    expect((await refusals(noRoles)).statusCode).toBe(403);
  });
});
