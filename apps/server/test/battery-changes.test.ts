import { type BatteryChangeAddRequest, type BatteryChangeRecord, Permission, ServerCode, batteryChangeEndpoints, batteryChangeListColumns, deviceTopics } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { createBatteryChangeRepository } from '../src/modules/battery-change/battery-change.repository.js';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { listenLive } from './support/live-events.js';
import { addStation, loggerKeyOf, registerLoggers } from './support/fleet.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

const addChange = (t: TestApp, token: string, body: BatteryChangeAddRequest) => t.call(batteryChangeEndpoints.add, { token, body });

describeListEndpoint('battery changes', {
  url: '/boot/want/batteryChange/list',
  columns: batteryChangeListColumns,
  permission: Permission.BatteryChangeList,
  async seed(t, admin) {
    await registerLoggers(t, admin, ['BCLIST0001']);
    await registerLoggers(t, admin, ['BCLIST0002']);
    await addStation(t, admin, { name: 'Battery change list station', gsns: ['BCLIST0001'] });
    for (const [gsn, oldSn, newSn, changeTime] of [
      ['BCLIST0001', 'PACK-0001', 'PACK-0002', '2026-05-03T08:00:00Z'],
      ['BCLIST0001', 'PACK-0002', 'PACK-0003', '2026-06-10T12:30:00Z'],
      ['BCLIST0002', 'PACK-0100', 'PACK-0101', '2026-04-01T07:15:00Z'],
    ] as const) {
      const response = await addChange(t, admin, { loggerGsn: gsn, oldSn, newSn, changeTime, remark: `swap ${oldSn}` });
      if (response.statusCode !== 200) throw new Error(response.response.body);
    }
    // A replacement the platform detected: no one entered it.
    await t.app.db.execute(sql`insert into tb_battery_change (id, tenant_id, logger_gsn, old_sn, new_sn, change_time, source) values (${newId()}, 1, 'BCLIST0002', 'PACK-0101', 'PACK-0102', '2026-07-01T00:00:00Z', 'detected')`);
  },
  async foreign(t) {
    await t.app.db.execute(sql`insert into sys_tenant (id, name) values (9, 'Tenant 9') on conflict do nothing`);
    await t.app.db.execute(sql`insert into tb_logger (gsn, registration_key, tenant_id) values ('BCFOREIGN1', 'key-bcforeign1', 9)`);
    const id = newId();
    await t.app.db.execute(sql`insert into tb_battery_change (id, tenant_id, logger_gsn, old_sn, new_sn, change_time, source) values (${id}, 9, 'BCFOREIGN1', 'PACK-F1', 'PACK-F2', now(), 'detected')`);
    return id;
  },
  writes: [{ method: 'POST', url: '/boot/want/batteryChange/add' }],
});

/**
 * The demo hierarchy (distributor → installer → enduser owns station A; distributor → installer2 →
 * enduser2 owns station B): replacements detected on station A's logger through the broker, a pack
 * moved to station B's logger, replacements entered by hand; each seen through its logger.
 */
describe('battery change records', () => {
  let t: TestApp;
  const token = {} as Record<'admin' | 'distributor' | 'installer' | 'installer2' | 'enduser' | 'enduser2' | 'demo', string>;
  let logger: MqttClient;
  const gsnA = 'BCSCOPEA01';
  const gsnB = 'BCSCOPEB01';
  let stationA = '';
  let stationB = '';
  const first = Date.now() - 3_600_000;
  const replaced = first + 600_000;

  const api = (who: keyof typeof token, method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token: token[who], ...(payload ? { payload } : {}) });
  const listOf = async (who: keyof typeof token, query = ''): Promise<BatteryChangeRecord[]> => {
    const response = await api(who, 'GET', `/want/batteryChange/list?pageSize=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.records as BatteryChangeRecord[];
  };
  const detected = async () => (await listOf('admin', `&source=detected&loggerGsn=${gsnA}`)).map((r) => [r.oldSn, r.newSn]);
  const report = (sn: string, ts: number, bmuSn?: string) => publish(logger, deviceTopics.telemetry(gsnA), { v: 1, samples: [sample(sn, ts, bmuSn ? { bmuSn } : {})] });
  const stored = (sn: string) => waitFor(async () => (await rows<{ n: number }>(t, sql`select count(*)::int as n from tb_battery where battery_sn = ${sn}`))[0]?.n, (n) => n === 1);
  const validDay = new Date(Date.now() - 86_400_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
    token.admin = await t.login('admin', adminPassword);
    token.distributor = await t.login('distributor', 'Distributor2026');
    token.installer = await t.login('installer', 'Installer2026');
    token.installer2 = await t.login('installer2', 'Installer2026');
    token.enduser = await t.login('enduser', 'Enduser2026');
    token.enduser2 = await t.login('enduser2', 'Enduser2026');
    token.demo = await t.login('demo', 'Demo2026');
    await registerLoggers(t, token.admin, [gsnA]);
    await registerLoggers(t, token.admin, [gsnB]);
    stationA = await addStation(t, token.admin, { name: 'Change station A', gsns: [gsnA], masterId: 'u-demo-end-user' });
    stationB = await addStation(t, token.admin, { name: 'Change station B', gsns: [gsnB], masterId: 'u-demo-end-user-2' });
    logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsnA, loggerKeyOf(gsnA));
  }, 120_000);

  afterAll(async () => {
    logger?.end(true);
    await t?.close();
  });

  it('records a new battery reported in the slot (BMU) of an earlier one as a detected replacement, and tells who sees the logger', async () => {
    const owner = await listenLive(t, token.enduser);
    const stranger = await listenLive(t, token.enduser2);
    try {
      await report('BC-PACK-A1', first, 'BMU-SLOT-1');
      await stored('BC-PACK-A1');
      expect(await detected()).toEqual([]);

      await report('BC-PACK-A2', replaced, 'BMU-SLOT-1');
      const [change] = await waitFor(() => listOf('admin', `&source=detected&loggerGsn=${gsnA}`), (records) => records.length > 0);
      expect(change).toMatchObject({ oldSn: 'BC-PACK-A1', newSn: 'BC-PACK-A2', loggerGsn: gsnA, stationId: stationA, stationName: 'Change station A', source: 'detected', source_dictText: 'Detected', createBy: null, previousLoggerGsn: null });
      expect(new Date(change?.changeTime ?? 0).getTime()).toBe(replaced);

      await waitFor(async () => owner.heard.filter((m) => m.event === 'battery.changed').length, (n) => n === 1);
      expect(owner.heard.find((m) => m.event === 'battery.changed')?.data).toEqual({ gsn: gsnA, oldSn: 'BC-PACK-A1', newSn: 'BC-PACK-A2', source: 'detected' });
      expect(stranger.heard.filter((m) => m.event === 'battery.changed')).toEqual([]);
    } finally {
      owner.close();
      stranger.close();
    }
  });

  it('records a replacement once: re-sent samples and a second detection add nothing', async () => {
    await report('BC-PACK-A2', replaced, 'BMU-SLOT-1');
    await report('BC-PACK-A2', replaced + 60_000, 'BMU-SLOT-1');
    expect(await createBatteryChangeRepository(t.app.db).recordDetected(gsnA, ['BC-PACK-A2'])).toEqual([]);
    expect(await detected()).toEqual([['BC-PACK-A1', 'BC-PACK-A2']]);
  });

  it('records nothing for a new battery in another slot, or one that names no BMU', async () => {
    await report('BC-PACK-A3', replaced + 120_000, 'BMU-SLOT-2');
    await report('BC-PACK-A4', replaced + 120_000);
    await stored('BC-PACK-A3');
    await stored('BC-PACK-A4');
    // Detection runs after the batch is stored, and the acknowledgement does not wait for it: wait for it to end.
    await t.app.devicePlane.settled();
    expect(await detected()).toEqual([['BC-PACK-A1', 'BC-PACK-A2']]);
  });

  it('records a move between loggers, by the administrator, in the new logger’s name', async () => {
    const moved = await api('admin', 'POST', '/want/battery/move', { batterySn: 'BC-PACK-A3', gsn: gsnB });
    expect(moved.json()).toMatchObject({ success: true, code: ServerCode.EDITED });
    const records = await listOf('admin', '&source=moved');
    expect(records).toEqual([
      expect.objectContaining({ oldSn: 'BC-PACK-A3', newSn: 'BC-PACK-A3', loggerGsn: gsnB, previousLoggerGsn: gsnA, stationId: stationB, stationName: 'Change station B', source: 'moved', createBy: 'admin' }),
    ]);
    expect(Math.abs(new Date(records[0]?.changeTime ?? 0).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('records a replacement entered by hand for a logger in the caller’s scope, audited', async () => {
    const answer = await addChange(t, token.installer, { loggerGsn: gsnA, oldSn: 'BC-PACK-A4', newSn: 'BC-PACK-A5', changeTime: validDay, remark: '  Swapped after water damage  ' });
    expect(answer.envelope).toMatchObject({ success: true, code: ServerCode.ADDED });
    const [record] = await listOf('installer', '&source=manual');
    expect(record).toMatchObject({ id: answer.envelope.result, oldSn: 'BC-PACK-A4', newSn: 'BC-PACK-A5', loggerGsn: gsnA, stationId: stationA, source: 'manual', source_dictText: 'Entered by hand', createBy: 'installer', remark: 'Swapped after water damage' });
    expect(record?.changeTime).toBe(validDay);
    await t.app.operationLog.settled();
    const logged = await rows<{ log_content: string; userid: string }>(t, sql`select log_content, userid from sys_log where request_url = '/boot/want/batteryChange/add'`);
    expect(logged).toEqual([expect.objectContaining({ userid: 'installer', log_content: `Recorded the replacement of battery BC-PACK-A4 by BC-PACK-A5 on logger ${gsnA} at ${validDay}` })]);
  });

  it('refuses a manual entry outside the scope as missing, naming loggerGsn, and stores nothing', async () => {
    for (const gsn of [gsnB, 'NOSUCHLOGGER']) {
      const answer = await addChange(t, token.installer, { loggerGsn: gsn, oldSn: 'BC-PACK-B1', newSn: 'BC-PACK-B2', changeTime: validDay });
      expect(answer.statusCode, answer.response.body).toBe(404);
      expect(answer.envelope).toMatchObject({ success: false, code: ServerCode.NOT_FOUND, result: { errors: [{ field: 'loggerGsn', message: `logger ${gsn} not found` }] } });
    }
    expect(await listOf('admin', '&oldSn=BC-PACK-B1')).toEqual([]);
  });

  it('refuses a manual entry with the same SN twice, a time in the future or SNs outside the patterns, naming the field', async () => {
    const refusal = async (payload: Record<string, unknown>) => {
      const answer = await api('installer', 'POST', '/want/batteryChange/add', { loggerGsn: gsnA, oldSn: 'BC-PACK-C1', newSn: 'BC-PACK-C2', changeTime: validDay, ...payload });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().result.errors as { field: string; message: string }[];
    };
    expect(await refusal({ newSn: 'BC-PACK-C1' })).toEqual([{ field: 'newSn', message: 'must differ from the old battery SN' }]);
    expect(await refusal({ changeTime: new Date(Date.now() + 86_400_000).toISOString() })).toEqual([{ field: 'changeTime', message: 'must not be in the future' }]);
    expect((await refusal({ changeTime: 'yesterday' })).map((e) => e.field)).toEqual(['changeTime']);
    expect(await refusal({ changeTime: '2026-02-30T10:00:00Z' })).toEqual([{ field: 'changeTime', message: 'must be a date and time (ISO 8601)' }]);
    expect((await refusal({ oldSn: 'no' })).map((e) => e.field)).toEqual(['oldSn']);
    expect((await refusal({ newSn: 'has a space' })).map((e) => e.field)).toEqual(['newSn']);
    expect((await refusal({ remark: 'x'.repeat(257) })).map((e) => e.field)).toEqual(['remark']);
    expect(await listOf('admin', '&oldSn=BC-PACK-C1')).toEqual([]);
  });

  it('refuses the demo account and end users (who may not record changes)', async () => {
    const payload = { loggerGsn: gsnA, oldSn: 'BC-PACK-D1', newSn: 'BC-PACK-D2', changeTime: validDay };
    expect((await addChange(t, token.demo, payload)).statusCode).toBe(403);
    expect((await addChange(t, token.enduser, payload)).statusCode).toBe(403);
    expect(await listOf('admin', '&oldSn=BC-PACK-D1')).toEqual([]);
  });

  it.each([
    ['installer', [gsnA]],
    ['enduser', [gsnA]],
    ['installer2', [gsnB]],
    ['enduser2', [gsnB]],
    ['distributor', [gsnA, gsnB]],
    ['admin', [gsnA, gsnB]],
  ] as const)('%s lists only the changes of the loggers it sees (%j)', async (who, gsns) => {
    const listed = [...new Set((await listOf(who)).map((r) => r.loggerGsn))].sort();
    expect(listed).toEqual([...gsns].sort());
  });

  it('keeps showing administrators the changes of a logger that no longer exists; no one else', async () => {
    await t.app.db.execute(sql`insert into tb_battery_change (id, tenant_id, logger_gsn, station_id, old_sn, new_sn, change_time, source) values (${newId()}, 1, 'BCGONE0001', ${stationA}, 'BC-GONE-1', 'BC-GONE-2', now(), 'detected')`);
    expect((await listOf('admin', '&loggerGsn=BCGONE0001')).map((r) => r.newSn)).toEqual(['BC-GONE-2']);
    expect(await listOf('distributor', '&loggerGsn=BCGONE0001')).toEqual([]);
    expect(await listOf('installer', '&loggerGsn=BCGONE0001')).toEqual([]);
  });

  it('filters by a battery SN, old or new, and by station', async () => {
    expect((await listOf('admin', '&sn=pack-a2')).map((r) => [r.oldSn, r.newSn])).toEqual([['BC-PACK-A1', 'BC-PACK-A2']]);
    expect((await listOf('admin', `&stationId=${stationB}`)).map((r) => r.source)).toEqual(['moved']);
    // The search box's text is read like every other: a NUL character is refused, not sent to the database.
    expect((await api('admin', 'GET', '/want/batteryChange/list?sn=%00')).statusCode).toBe(400);
    expect(await listOf('admin', '&sn=%25')).toEqual([]);
  });

  it('exports the caller’s changes only, with headings and sources in its language', async () => {
    const csv = (await api('installer', 'GET', '/want/batteryChange/exportCsv')).body;
    expect(csv).toContain('BC-PACK-A2');
    expect(csv).toContain('Entered by hand');
    expect(csv).not.toContain('BC-PACK-A3');
    const german = await t.request({ method: 'GET', url: '/boot/want/batteryChange/exportCsv', token: token.installer, headers: { 'accept-language': 'de-DE' } });
    expect(german.body).toContain('Alte Batterie-SN');
    expect(german.body).toContain('Manuell erfasst');
    expect((await api('enduser2', 'GET', '/want/batteryChange/exportCsv')).body).not.toContain('BC-PACK-A2');
  });
});
