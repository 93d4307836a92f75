import { type DeviceEvent, ServerCode, alarmNotificationEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLoggerRepository } from '../src/modules/logger/logger.repository.js';
import { type Received, mailBody, startSmtpServer } from './support/message-servers.js';
import { type TestApp, adminPassword, createTestApp, queryRows } from './support/test-app.js';

const keyOf = (gsn: string) => `key-${gsn.toLowerCase()}`;
const minute = 60_000;
/**
 * The events of these tests begin in 2031, and each run is called with its own `now`: the
 * scheduler's own minutely run (at the real time) never finds them due, so only the runs a test
 * makes send anything, and no test sleeps.
 */
const base = Date.UTC(2031, 0, 6, 8, 0);

describe('alarm notifications', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  // The stand-in SMTP server listens on loopback, which only OUTBOUND_ALLOW opens.
  const env = () => ({ DEMO: '1', DEMO_LOGGERS: '0', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Cellsight <noreply@cellsight.test>', OUTBOUND_ALLOW: '127.0.0.1' });
  const token = {} as Record<'admin' | 'enduser' | 'enduser2' | 'installer' | 'installer2' | 'distributor', string>;
  const station = { a: '', a2: '', b: '' };
  const gsn = { a: 'ALARMA0001', a2: 'ALARMA0002', b: 'ALARMB0001' };
  const mail = { enduser: 'enduser@alarm.test', enduser2: 'enduser2@alarm.test', installer: 'installer@alarm.test', installer2: 'installer2@alarm.test', distributor: 'distributor@alarm.test' };

  const api = (who: keyof typeof token, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.request({ method, url: `/boot${url}`, token: token[who], ...(payload ? { payload } : {}) });
  /** The rules in force for the caller, through the contract's endpoint (typed). */
  const rulesOf = async (who: keyof typeof token) => (await t.call(alarmNotificationEndpoints.rules, { token: token[who] })).envelope.result;
  const saveRules = (who: keyof typeof token, rules: object[]) => api(who, 'PUT', '/sys/alarmNotification/rules', { rules });
  const rule = (values: object = {}) => ({ stationId: null, eventTypes: ['fault'], delayMinutes: 0, escalateAfterMinutes: null, ...values });

  /** Opens (or, with `end`, closes) an event on a logger the way the ingest path stores it; answers its id. */
  const event = async (logger: string, deviceEventId: string, values: Partial<DeviceEvent>): Promise<string> => {
    await createLoggerRepository(t.app.db).upsertEvents(logger, [{ id: deviceEventId, type: 'fault', code: 'F-OVERTEMP', category: 'temperature', begin: base, ...values }]);
    const [row] = await queryRows<{ id: string }>(t, sql`select id from tb_event where logger_gsn = ${logger} and device_event_id = ${deviceEventId}`);
    return row!.id;
  };
  /** One delivery run at `at`; answers the mails that arrived during it. */
  const deliverAt = async (at: number, app: FastifyInstance = t.app): Promise<Received[]> => {
    const before = smtp.received.length;
    await app.alarmNotifications.deliver(new Date(at));
    return smtp.received.slice(before);
  };
  const acknowledge = async (id: string) => expect((await api('admin', 'POST', '/want/event/acknowledge', { ids: [id] })).json()).toMatchObject({ success: true, result: { acknowledged: 1 } });
  const to = (mails: Received[], address: string) => mails.filter((one) => one.to.includes(address));
  const subjectOf = (one: Received) => /^Subject: (.*)$/m.exec(one.data)?.[1] ?? '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(env());
    token.admin = await t.login('admin', adminPassword);
    for (const [who, password] of [
      ['enduser', 'Enduser2026'],
      ['enduser2', 'Enduser2026'],
      ['installer', 'Installer2026'],
      ['installer2', 'Installer2026'],
      ['distributor', 'Distributor2026'],
    ] as const) {
      token[who] = await t.login(who, password);
      await t.app.db.execute(sql`update sys_user set email = ${mail[who]} where username = ${who}`);
    }
    for (const logger of Object.values(gsn)) {
      const registered = await api('admin', 'POST', '/want/logger/registerBatch', { loggers: [{ gsn: logger, key: keyOf(logger) }] });
      expect(registered.json()).toMatchObject({ success: true });
    }
    const addStation = async (name: string, logger: string, masterId: string) => {
      const body = (await api('admin', 'POST', '/want/tbStation/add_station?from=EUR', { name, masterId, logger: JSON.stringify([{ gsn: logger, key: keyOf(logger), product_code: `${logger}-M` }]) })).json();
      expect(body, body.message).toMatchObject({ success: true, code: ServerCode.ADDED });
      return body.message as string;
    };
    station.a = await addStation('Alarm Home', gsn.a, 'u-demo-end-user');
    station.a2 = await addStation('Alarm Garage', gsn.a2, 'u-demo-end-user');
    station.b = await addStation('Alarm Farm', gsn.b, 'u-demo-end-user-2');
    // The superiors hear nothing by their own rules here: what reaches them is escalation only.
    for (const who of ['installer', 'installer2', 'distributor'] as const) expect((await saveRules(who, [])).json()).toMatchObject({ success: true, result: { custom: true, rules: [] } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers the default rule (faults on all stations, at once, no escalation) until the user saves their own', async () => {
    const { statusCode, envelope } = await t.call(alarmNotificationEndpoints.rules, { token: token.enduser2 });
    expect(statusCode).toBe(200);
    expect(envelope.result).toEqual({ custom: false, hasEmail: true, rules: [{ stationId: null, stationName: null, eventTypes: ['fault'], delayMinutes: 0, escalateAfterMinutes: null }] });
  });

  it('refuses invalid rules naming the field, and writes nothing', async () => {
    const refusals: [object[], string][] = [
      [[rule({ delayMinutes: -1 })], 'rules[0].delayMinutes'],
      [[rule({ delayMinutes: 1.5 })], 'rules[0].delayMinutes'],
      [[rule({ delayMinutes: 7 * 24 * 60 + 1 })], 'rules[0].delayMinutes'],
      [[rule({ eventTypes: [] })], 'rules[0].eventTypes'],
      [[rule({ eventTypes: ['normal'] })], 'rules[0].eventTypes[0]'],
      [[rule({ eventTypes: ['fault', 'fault'] })], 'rules[0].eventTypes'],
      [[rule({ escalateAfterMinutes: 0 })], 'rules[0].escalateAfterMinutes'],
      [[rule({ eventTypes: ['warning'], escalateAfterMinutes: 30 })], 'rules[0].escalateAfterMinutes'],
      [[rule(), rule({ eventTypes: ['warning'] })], 'rules[1].stationId'],
      [[rule({ stationId: '' })], 'rules[0].stationId'],
      [[{ ...rule(), extra: 1 }], 'rules[0]'],
    ];
    for (const [rules, field] of refusals) {
      const response = await saveRules('enduser2', rules);
      expect(response.statusCode, JSON.stringify(rules)).toBe(400);
      expect(response.json().result.errors.map((error: { field: string }) => error.field), JSON.stringify(rules)).toContain(field);
    }
    const missing = await api('enduser2', 'PUT', '/sys/alarmNotification/rules', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result.errors[0].field).toBe('rules');
    expect((await rulesOf('enduser2')).custom).toBe(false);
  });

  it('answers 404 for a rule on a station outside the caller’s scope (or unknown), naming it, and writes nothing', async () => {
    for (const stationId of [station.b, 'no-such-station']) {
      const response = await saveRules('enduser', [rule(), rule({ stationId })]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND, result: { errors: [{ field: 'rules[1].stationId' }] } });
    }
    expect((await rulesOf('enduser')).custom).toBe(false);
    expect((await t.request({ method: 'GET', url: '/boot/sys/alarmNotification/rules' })).statusCode).toBe(401);
  });

  it('saves per-station and all-station rules and answers them with the station’s name', async () => {
    const response = await saveRules('enduser', [
      rule({ eventTypes: ['fault', 'protect'], delayMinutes: 10, escalateAfterMinutes: 30 }),
      rule({ stationId: station.a2, eventTypes: ['warning'], delayMinutes: 0 }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({
      custom: true,
      hasEmail: true,
      rules: [
        { stationId: null, stationName: null, eventTypes: ['fault', 'protect'], delayMinutes: 10, escalateAfterMinutes: 30 },
        { stationId: station.a2, stationName: 'Alarm Garage', eventTypes: ['warning'], delayMinutes: 0, escalateAfterMinutes: null },
      ],
    });
    expect((await rulesOf('enduser'))).toEqual(response.json().result);
  });

  it('mails under the default rule at once, faults only, and only to those who see the station', async () => {
    await event(gsn.b, 'b-fault', { batterySn: 'ALARMB0001-B1', begin: base });
    await event(gsn.b, 'b-warning', { type: 'warning', code: 'W-SOC-LOW', category: 'soc', begin: base });
    const mails = await deliverAt(base);
    expect(mails.map((one) => one.to)).toEqual([[mail.enduser2]]);
    expect(subjectOf(mails[0]!)).toBe('Cellsight: Fault F-OVERTEMP at Alarm Farm');
    const body = mailBody(mails[0]!);
    expect(body).toContain('These events are still open on stations you look after:');
    expect(body).toContain('- Fault F-OVERTEMP (Overtemperature fault) at Alarm Farm, battery ALARMB0001-B1, open since 2031-01-06 08:00 UTC');
    expect(body).not.toContain('W-SOC-LOW');
    // enduser's all-stations rule asks for faults too, but station B is not theirs.
    expect(to(mails, mail.enduser)).toEqual([]);
  });

  it('waits for the rule’s delay, covers the rule’s types and stations, and lists several events in one mail', async () => {
    const begin = base + 60 * minute;
    const fault = await event(gsn.a, 'a-fault', { begin });
    await event(gsn.a, 'a-warning', { type: 'warning', code: 'W-TEMP-HIGH', category: 'temperature', begin });
    await event(gsn.a2, 'a2-warning', { type: 'warning', code: 'W-CELL-DELTA', category: 'cell', begin, batterySn: 'ALARMA0002-B1' });
    // The warning on A2 is due at once (its station's rule); the warning on A is covered by no rule.
    const first = await deliverAt(begin);
    expect(first.map((one) => one.to)).toEqual([[mail.enduser]]);
    expect(subjectOf(first[0]!)).toBe('Cellsight: Warning W-CELL-DELTA at Alarm Garage');
    expect(await deliverAt(begin + 9 * minute)).toEqual([]);
    const second = await deliverAt(begin + 10 * minute);
    expect(second.map((one) => one.to)).toEqual([[mail.enduser]]);
    expect(mailBody(second[0]!)).toContain('- Fault F-OVERTEMP (Overtemperature fault) at Alarm Home, logger ALARMA0001, open since 2031-01-06 09:00 UTC');
    expect(mailBody(second[0]!)).not.toContain('W-TEMP-HIGH');
    // Acknowledged now: it does not escalate in the runs below.
    await acknowledge(fault);

    // Two events due in the same run reach the user in one mail.
    const later = base + 120 * minute;
    await event(gsn.a, 'a-protect', { type: 'protect', code: 'P-OVERCURRENT', category: 'current', begin: later });
    const otherFault = await event(gsn.a2, 'a2-fault', { code: 'F-BMS-COMM', category: 'communication', begin: later });
    const both = await deliverAt(later + 10 * minute);
    expect(to(both, mail.enduser)).toHaveLength(1);
    expect(subjectOf(both[0]!)).toBe('Cellsight: 2 open alarms on your stations');
    // Mail lines end in CRLF on the wire.
    expect(mailBody(both[0]!).replaceAll('\r\n', '\n')).toContain(
      [
        '- Fault F-BMS-COMM (BMS communication fault) at Alarm Garage, logger ALARMA0002, open since 2031-01-06 10:00 UTC',
        '- Protection P-OVERCURRENT (Overcurrent protection) at Alarm Home, logger ALARMA0001, open since 2031-01-06 10:00 UTC',
      ].join('\n'),
    );
    await acknowledge(otherFault);
  });

  it('sends nothing for events that closed or were acknowledged before their delay passed', async () => {
    const begin = base + 180 * minute;
    await event(gsn.a, 'a-closed', { begin });
    await event(gsn.a, 'a-closed', { begin, end: begin + 5 * minute });
    const acknowledged = await event(gsn.a, 'a-acknowledged', { code: 'F-BMS-COMM', category: 'communication', begin });
    await acknowledge(acknowledged);
    expect(await deliverAt(begin + 60 * minute)).toEqual([]);
  });

  it('escalates an unacknowledged fault to the installer and the distributor once, and not an acknowledged one', async () => {
    const begin = base + 240 * minute;
    const open = await event(gsn.a, 'a-escalate', { begin, batterySn: 'ALARMA0001-B2' });
    const acknowledged = await event(gsn.a2, 'a2-escalate', { code: 'F-BMS-COMM', category: 'communication', begin });
    expect(to(await deliverAt(begin + 10 * minute), mail.enduser)).toHaveLength(1);
    await acknowledge(acknowledged);

    expect(await deliverAt(begin + 29 * minute)).toEqual([]);
    const escalated = await deliverAt(begin + 30 * minute);
    expect(escalated.map((one) => one.to).sort()).toEqual([[mail.distributor], [mail.installer]]);
    for (const one of escalated) {
      expect(subjectOf(one)).toBe('Cellsight: unacknowledged fault F-OVERTEMP at Alarm Home');
      expect(mailBody(one)).toContain('Nobody has acknowledged these faults in time, so they are passed on to you:');
      expect(mailBody(one)).toContain('- Fault F-OVERTEMP (Overtemperature fault) at Alarm Home of Demo End User, battery ALARMA0001-B2, open since 2031-01-06 12:00 UTC, not acknowledged');
      expect(mailBody(one)).not.toContain('F-BMS-COMM');
    }
    // Installer2 sees nothing of station A: no escalation reaches them.
    expect(to(escalated, mail.installer2)).toEqual([]);
    // The bell says it too, to the same two superiors (the fault's opening message is the device plane's).
    const notices = await queryRows<{ user_id: string }>(t, sql`select s.user_id from sys_announcement a join sys_announcement_send s on s.annt_id = a.id where a.bus_type = 'event' and a.bus_id = ${open}`);
    expect(notices.map((one) => one.user_id).sort()).toEqual(['u-demo-distributor', 'u-demo-installer']);

    expect(await deliverAt(begin + 120 * minute)).toEqual([]);
  });

  it('mails only users with an e-mail address, and a saved empty rule set turns mail off', async () => {
    const begin = base + 300 * minute;
    await t.app.db.execute(sql`update sys_user set email = null where username = 'enduser2'`);
    await event(gsn.b, 'b-no-mail', { begin });
    expect(await deliverAt(begin)).toEqual([]);
    expect((await rulesOf('enduser2')).hasEmail).toBe(false);
    await t.app.db.execute(sql`update sys_user set email = ${mail.enduser2} where username = 'enduser2'`);
    expect((await saveRules('enduser2', [])).json().result).toEqual({ custom: true, hasEmail: true, rules: [] });
    await event(gsn.b, 'b-off', { begin: begin + minute });
    expect(await deliverAt(begin + 60 * minute)).toEqual([]);
  });

  it('sends once when two instances run at the same time on one database', async () => {
    const second = await buildApp(loadConfig({ ...env(), ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', MAP_TILE_URL: 'none', MAP_GEOCODER_URL: 'none' }), {
      database: { db: t.app.db, kind: t.app.dbKind, bulkTransaction: t.app.bulkTransaction, bulkScript: t.app.bulkScript, reports: t.app.reportDatabase, close: async () => undefined },
      logger: false,
    });
    await second.ready();
    try {
      const begin = base + 400 * minute;
      const twice = await event(gsn.a, 'a-twice', { begin });
      const before = smtp.received.length;
      const reports = await Promise.all([t.app.alarmNotifications.deliver(new Date(begin + 10 * minute)), second.alarmNotifications.deliver(new Date(begin + 10 * minute))]);
      expect(reports.map((report) => report.alarms).sort()).toEqual([0, 1]);
      expect(smtp.received.slice(before).map((one) => one.to)).toEqual([[mail.enduser]]);
      expect(await deliverAt(begin + 20 * minute, second)).toEqual([]);
      expect(await deliverAt(begin + 20 * minute)).toEqual([]);
      await acknowledge(twice);
    } finally {
      await second.close();
    }
    // After a restart, what was sent stays sent.
    await t.restart();
    expect(await deliverAt(base + 1000 * minute)).toEqual([]);
  });

  it('does not mail about events that fell due more than a day ago, as after a long stop', async () => {
    const day = 24 * 60 * minute;
    const old = await event(gsn.a, 'a-old', { code: 'F-OLD', begin: base + 40 * day });
    expect(to(await deliverAt(base + 40 * day + 25 * 60 * minute), mail.enduser)).toEqual([]);
    const fresh = await event(gsn.a, 'a-fresh', { code: 'F-FRESH', begin: base + 50 * day });
    const mails = to(await deliverAt(base + 50 * day + 23 * 60 * minute), mail.enduser);
    expect(mails.map((one) => mailBody(one))).toEqual([expect.stringContaining('F-FRESH')]);
    expect(mailBody(mails[0]!)).not.toContain('F-OLD');
    await acknowledge(old);
    await acknowledge(fresh);
  });
});
