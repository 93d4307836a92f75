import { type DeviceEvent, type EventRecord, Permission, ServerCode, deviceTopics, eventListColumns } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { createLoggerRepository } from '../src/modules/logger/logger.repository.js';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { listenLive } from './support/live-events.js';
import { addStation, loggerKeyOf, registerLoggers } from './support/fleet.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

const event = (id: string, values: Partial<DeviceEvent> = {}): DeviceEvent => ({ id, type: 'warning', code: 'W-SOC-LOW', category: 'soc', begin: Date.now() - 60_000, ...values });

describeListEndpoint('events', {
  url: '/boot/want/event/list',
  columns: eventListColumns,
  permission: Permission.EventList,
  async seed(t, admin) {
    const devices = createLoggerRepository(t.app.db);
    await registerLoggers(t, admin, ['EVLIST0001']);
    await registerLoggers(t, admin, ['EVLIST0002']);
    await addStation(t, admin, { name: 'Event list station', gsns: ['EVLIST0001'] });
    const begin = Date.UTC(2026, 4, 3, 8, 0);
    await devices.upsertEvents('EVLIST0001', [
      event('e-1', { batterySn: 'EVLIST0001-B1', begin }),
      event('e-2', { batterySn: 'EVLIST0001-B2', type: 'fault', code: 'F-BMS-COMM', category: 'communication', begin: begin + 3_600_000, end: begin + 3_660_000 }),
    ]);
    // A logger on no station yet: its registrant (the administrator) sees its events.
    await devices.upsertEvents('EVLIST0002', [event('e-3', { type: 'normal', code: 'N-RESTART', category: 'system', begin: begin - 86_400_000, end: begin - 86_400_000 })]);
  },
  async foreign(t) {
    await t.app.db.execute(sql`insert into sys_tenant (id, name) values (9, 'Tenant 9') on conflict do nothing`);
    await t.app.db.execute(sql`insert into tb_logger (gsn, registration_key, tenant_id) values ('EVFOREIGN1', 'key-evforeign1', 9)`);
    const id = newId();
    await t.app.db.execute(sql`insert into tb_event (id, logger_gsn, device_event_id, type, code, begin_time) values (${id}, 'EVFOREIGN1', 'f-1', 'fault', 'F-OVERTEMP', now())`);
    return id;
  },
  writes: [{ method: 'POST', url: '/boot/want/event/acknowledge' }],
});

/**
 * The demo hierarchy (distributor → installer → enduser owns station A; distributor → installer2 →
 * enduser2 owns station B): events are seen through their logger, acknowledged only within the scope.
 */
describe('the events screen', () => {
  let t: TestApp;
  const token = {} as Record<'admin' | 'distributor' | 'installer' | 'enduser' | 'enduser2' | 'demo', string>;
  let logger: MqttClient;
  const gsnA = 'EVSCOPEA01';
  const gsnB = 'EVSCOPEB01';
  const batteryA = 'EVSCOPEA01-B1';
  let stationA = '';

  const api = (who: keyof typeof token, method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token: token[who], ...(payload ? { payload } : {}) });
  const listOf = async (who: keyof typeof token, query = ''): Promise<EventRecord[]> => {
    const response = await api(who, 'GET', `/want/event/list?pageSize=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.records as EventRecord[];
  };
  const eventId = async (gsn: string, deviceEventId: string) => (await rows<{ id: string }>(t, sql`select id from tb_event where logger_gsn = ${gsn} and device_event_id = ${deviceEventId}`))[0]?.id as string;
  const acknowledgement = async (id: string) =>
    (await rows<{ acknowledged_by: string | null; acknowledged_time: Date | null; ack_comment: string | null }>(t, sql`select acknowledged_by, acknowledged_time, ack_comment from tb_event where id = ${id}`))[0];

  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
    token.admin = await t.login('admin', adminPassword);
    token.distributor = await t.login('distributor', 'Distributor2026');
    token.installer = await t.login('installer', 'Installer2026');
    token.enduser = await t.login('enduser', 'Enduser2026');
    token.enduser2 = await t.login('enduser2', 'Enduser2026');
    token.demo = await t.login('demo', 'Demo2026');
    await registerLoggers(t, token.admin, [gsnA]);
    await registerLoggers(t, token.admin, [gsnB]);
    stationA = await addStation(t, token.admin, { name: 'Events station A', gsns: [gsnA], masterId: 'u-demo-end-user' });
    await addStation(t, token.admin, { name: 'Events station B', gsns: [gsnB], masterId: 'u-demo-end-user-2' });

    // Station A's logger reports through the broker: a reading, then an event about that battery.
    logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsnA, loggerKeyOf(gsnA));
    await publish(logger, deviceTopics.telemetry(gsnA), { v: 1, samples: [sample(batteryA, Date.now() - 120_000, { soc: 61.5, voltage: 52.4, current: -12.5, power: -655, temperature: 31.5 })] });
    await publish(logger, deviceTopics.events(gsnA), { v: 1, events: [{ id: 'a-open', batterySn: batteryA, type: 'warning', code: 'W-TEMP-HIGH', category: 'temperature', begin: Date.now() - 90_000 }] });
    await publish(logger, deviceTopics.events(gsnA), { v: 1, events: [{ id: 'a-unknown', type: 'warning', code: 'X-VENDOR-42', category: 'vendor', begin: Date.now() - 30_000 }] });
    // Station B's events come by the repository (the ingest path stores them the same way).
    await createLoggerRepository(t.app.db).upsertEvents(gsnB, [event('b-1', { batterySn: 'EVSCOPEB01-B1', type: 'fault', code: 'F-OVERTEMP', category: 'temperature' })]);
  }, 120_000);

  afterAll(async () => {
    logger?.end(true);
    await t?.close();
  });

  it('keeps the battery’s reading at the time an event opened, through its end and later readings', async () => {
    const [opened] = await listOf('installer', '&code=W-TEMP-HIGH');
    expect(opened).toMatchObject({ batterySn: batteryA, loggerGsn: gsnA, stationId: stationA, stationName: 'Events station A', type: 'warning', open: true, endTime: null });
    expect(opened).toMatchObject({ startSoc: 61.5, startVoltage: 52.4, startCurrent: -12.5, startPower: -655, startTemperature: 31.5 });
    // Open: its duration runs on from its begin.
    expect(opened?.durationSeconds).toBeGreaterThanOrEqual(89);

    await publish(logger, deviceTopics.telemetry(gsnA), { v: 1, samples: [sample(batteryA, Date.now() - 1000, { soc: 20, voltage: 48, current: 0, power: 0, temperature: 45 })] });
    const begin = new Date(opened?.beginTime ?? 0).getTime();
    await publish(logger, deviceTopics.events(gsnA), { v: 1, events: [{ id: 'a-open', batterySn: batteryA, type: 'warning', code: 'W-TEMP-HIGH', category: 'temperature', begin, end: begin + 75_000 }] });
    const [closed] = await waitFor(() => listOf('installer', '&code=W-TEMP-HIGH'), ([e]) => e?.open === false);
    expect(closed).toMatchObject({ open: false, durationSeconds: 75, startSoc: 61.5, startTemperature: 31.5 });
    expect(new Date(closed?.endTime ?? 0).getTime()).toBe(begin + 75_000);
  });

  it('lists an event of other firmware by its code, without readings for a logger event', async () => {
    const [unknown] = await listOf('installer', '&code=X-VENDOR-42');
    expect(unknown).toMatchObject({ code: 'X-VENDOR-42', category: 'vendor', batterySn: null, startSoc: null, type_dictText: 'Warning' });
  });

  it.each([
    ['installer', [gsnA]],
    ['enduser', [gsnA]],
    ['enduser2', [gsnB]],
    ['distributor', [gsnA, gsnB]],
    ['admin', [gsnA, gsnB]],
  ] as const)('%s lists only the events of the loggers it sees (%j)', async (who, gsns) => {
    const listed = [...new Set((await listOf(who)).map((e) => e.loggerGsn))].sort();
    expect(listed).toEqual([...gsns].sort());
  });

  it('filters by station, state and type', async () => {
    expect((await listOf('admin', `&stationId=${stationA}`)).every((e) => e.loggerGsn === gsnA)).toBe(true);
    expect((await listOf('admin', '&type=fault')).map((e) => e.code)).toEqual(['F-OVERTEMP']);
    expect((await listOf('admin', '&open=true')).every((e) => e.endTime === null)).toBe(true);
  });

  it('refuses an event outside the scope as missing, and a batch with one such event writes nothing', async () => {
    const mine = await eventId(gsnA, 'a-unknown');
    const theirs = await eventId(gsnB, 'b-1');
    const single = await api('installer', 'POST', '/want/event/acknowledge', { ids: [theirs] });
    expect(single.statusCode, single.body).toBe(404);
    expect(single.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    const batch = await api('installer', 'POST', '/want/event/acknowledge', { ids: [mine, theirs], comment: 'both' });
    expect(batch.statusCode).toBe(404);
    expect(await acknowledgement(mine)).toMatchObject({ acknowledged_by: null, acknowledged_time: null, ack_comment: null });
    expect(await acknowledgement(theirs)).toMatchObject({ acknowledged_by: null });
    const unknownId = await api('installer', 'POST', '/want/event/acknowledge', { ids: ['no-such-event'] });
    expect(unknownId.statusCode).toBe(404);
  });

  it('stores who acknowledged, when and why, tells the consoles that see the logger, and keeps the first acknowledgement', async () => {
    const id = await eventId(gsnA, 'a-unknown');
    const owner = await listenLive(t, token.enduser);
    const stranger = await listenLive(t, token.enduser2);
    try {
      const before = Date.now();
      const answer = await api('installer', 'POST', '/want/event/acknowledge', { ids: [id, id], comment: '  Checked the vents on site  ' });
      expect(answer.json()).toMatchObject({ success: true, code: ServerCode.EDITED, result: { acknowledged: 1, alreadyAcknowledged: 0 } });
      const [listed] = await listOf('enduser', '&code=X-VENDOR-42');
      expect(listed).toMatchObject({ acknowledgedByName: 'Demo Installer', ackComment: 'Checked the vents on site' });
      expect(new Date(listed?.acknowledgedTime ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
      await waitFor(async () => owner.heard.filter((m) => m.event === 'event.acknowledged').length, (n) => n === 1);
      expect(owner.heard.find((m) => m.event === 'event.acknowledged')?.data).toEqual({ ids: [id] });

      // A second acknowledgement changes nothing and says so.
      const again = await api('distributor', 'POST', '/want/event/acknowledge', { ids: [id], comment: 'later' });
      expect(again.json()).toMatchObject({ success: true, result: { acknowledged: 0, alreadyAcknowledged: 1 } });
      expect(again.json().message).toContain('keep their first acknowledgement');
      expect((await listOf('admin', '&code=X-VENDOR-42'))[0]).toMatchObject({ acknowledgedByName: 'Demo Installer', ackComment: 'Checked the vents on site' });
      expect(stranger.heard.filter((m) => m.event === 'event.acknowledged')).toEqual([]);

      // Audited like every write.
      await t.app.operationLog.settled();
      const logged = await rows<{ log_content: string; userid: string }>(t, sql`select log_content, userid from sys_log where request_url = '/boot/want/event/acknowledge' and log_content like 'Acknowledged 1 of 1%'`);
      expect(logged).toEqual([expect.objectContaining({ userid: 'installer', log_content: expect.stringContaining('Checked the vents on site') })]);
    } finally {
      owner.close();
      stranger.close();
    }
  });

  it('refuses the demo account and roles without the permission; validates the request naming the field', async () => {
    const id = await eventId(gsnB, 'b-1');
    // The demo role holds no acknowledge grant; a demo account that did is refused by the demo rule (list contract above).
    expect((await api('demo', 'POST', '/want/event/acknowledge', { ids: [id] })).statusCode).toBe(403);
    expect((await api('enduser2', 'POST', '/want/event/acknowledge', { ids: [id] })).statusCode).toBe(403);
    for (const [payload, field] of [
      [{ ids: [] }, 'ids'],
      [{ ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }, 'ids'],
      [{ ids: [id], comment: 'x'.repeat(257) }, 'comment'],
      [{}, 'ids'],
    ] as const) {
      const refused = await api('admin', 'POST', '/want/event/acknowledge', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toContain(field);
    }
    expect(await acknowledgement(id)).toMatchObject({ acknowledged_by: null });
  });

  it('exports the caller’s events only, headings in its language', async () => {
    const csv = (await api('installer', 'GET', '/want/event/exportCsv')).body;
    expect(csv).toContain('W-TEMP-HIGH');
    expect(csv).toContain('Warning');
    expect(csv).not.toContain('F-OVERTEMP');
    const german = await t.request({ method: 'GET', url: '/boot/want/event/exportCsv', token: token.installer, headers: { 'accept-language': 'de-DE' } });
    expect(german.body).toContain('Beginn');
  });
});
