import { createHmac } from 'node:crypto';
import type { IngestStats } from '@cellsight/contract';
import { loggerMqttPassword, loggerSigningKey, signCommand, verifyCommand } from '@cellsight/contract/device-crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentLogger, connackCode, documentSecrets, documentSign, documentSigningString } from './support/document-logger.js';
import { waitFor } from './support/device.js';
import { type Mosquitto, dynsecConfig, managedAccountsEnv, startMosquitto } from './support/mosquitto.js';
import { type Service, describeNeeding, mosquittoService } from './support/required-services.js';
import { type DocumentExample, readProtocolDocument, shiftTimes } from './support/protocol-document.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/**
 * docs/device-protocol.md, executed. Every JSON example of the document is sent to the platform
 * and must do what the comment above it says (stored, partly stored, refused for the stated
 * reason); the worked credential and signature examples must reproduce; the CONNACK table must be
 * what the broker answers; and a logger written from the document must survive a platform restart
 * with its pending command delivered. Runs on the embedded broker and on Mosquitto.
 */
const document = readProtocolDocument();
const { gsn, key } = document.credentials;
/** The logger that owns the "foreign" battery of the document's examples. */
const otherGsn = 'CS2403000999';
const otherKey = 'other-key-0999';
const dayMs = 24 * 3600 * 1000;
/** The examples are dated 2026-01-01; they are replayed on yesterday's date, same time of day. */
const shift = Math.max(0, Math.floor(Date.now() / dayMs) * dayMs - dayMs - Date.UTC(2026, 0, 1));

describe('the document itself', () => {
  it('has a comment saying what the platform does with each of its JSON examples', () => {
    expect(document.examples.length).toBeGreaterThanOrEqual(10);
    const kinds = new Set(document.examples.map((e) => e.kind));
    for (const kind of ['register', 'telemetry', 'status', 'events', 'ack', 'state', 'command']) expect(kinds).toContain(kind);
  });

  it('derives the worked credentials exactly as section 2.1 says, and as the platform does', () => {
    const derived = documentSecrets(gsn, key);
    expect(derived).toEqual({ mqttPassword: document.credentials.mqttPassword, signingKey: document.credentials.signingKey });
    expect(loggerMqttPassword(gsn, key)).toBe(document.credentials.mqttPassword);
    expect(loggerSigningKey(gsn, key)).toBe(document.credentials.signingKey);
  });

  it('signs the worked command example as section 8.2 says, and the platform signs it the same', () => {
    const { fields, signingString, sign, opensslInput, opensslKey, opensslResult } = document.signature;
    expect(documentSigningString(fields)).toBe(signingString);
    expect(documentSign(document.credentials.signingKey, fields)).toBe(sign);
    expect(opensslInput).toBe(signingString);
    expect(opensslKey).toBe(document.credentials.signingKey);
    expect(createHmac('sha256', opensslKey).update(opensslInput).digest('hex')).toBe(opensslResult);
    expect(signCommand(fields as Parameters<typeof signCommand>[0], document.credentials.signingKey)).toBe(sign);
    const [message] = document.examples.find((e) => e.kind === 'command')?.payloads ?? [];
    expect(message).toEqual({ ...fields, sign });
    expect(verifyCommand(message as Parameters<typeof verifyCommand>[0], document.credentials.signingKey)).toBe(true);
  });
});

interface Deployment {
  name: string;
  /** What the machine must provide for it (a missing one skips it, or fails it in CI). */
  needs: Service[];
  start(): Promise<{ env: Record<string, string>; port: () => number; stop(): Promise<void> }>;
}

const deployments: Deployment[] = [
  { name: 'embedded broker', needs: [], start: async () => ({ env: {}, port: () => 0, stop: async () => undefined }) },
  {
    name: 'Mosquitto',
    needs: [mosquittoService],
    start: async () => {
      // With the logger accounts the platform manages (docs/deploy/mosquitto.conf, Option A).
      const broker: Mosquitto = await startMosquitto({ dynsec: dynsecConfig });
      return { env: managedAccountsEnv(broker), port: () => broker.port, stop: () => broker.stop() };
    },
  },
];

for (const deployment of deployments) {
  describeNeeding(deployment.needs)(`the platform does what the document says (${deployment.name})`, () => {
    let t: TestApp;
    let admin: string;
    let broker: Awaited<ReturnType<Deployment['start']>>;
    let logger: DocumentLogger;
    let other: DocumentLogger;
    const port = () => broker.port() || (t.app.devicePlane.brokerPort ?? 0);

    const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
    const stats = (): IngestStats => t.app.devicePlane.ingest.stats();
    const examples = (kind: string, outcome?: string) => document.examples.filter((e) => e.kind === kind && (!outcome || e.outcome === outcome));
    const payloadsOf = (example: DocumentExample) => example.payloads.map((payload) => shiftTimes(payload, shift));
    const sampleStored = (batterySn: string, ts: number) =>
      rows<{ voltage: number }>(sql`select voltage from tb_battery_sample where battery_sn = ${batterySn} and ts = ${new Date(ts).toISOString()}`);
    const eventRow = (id: string) =>
      rows<{ begin_time: Date; end_time: Date | null }>(sql`select begin_time, end_time from tb_event where logger_gsn = ${gsn} and device_event_id = ${id}`);

    beforeAll(async () => {
      broker = await deployment.start();
      t = await createTestApp(broker.env);
      admin = await t.login('admin', adminPassword);
      const [register] = examples('register', 'accepted');
      const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: register?.payloads[0] });
      expect(registered.json(), JSON.stringify(registered.json())).toMatchObject({ success: true, result: { registered: 1, existing: 0 } });
      await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn: otherGsn, key: otherKey }] } });
      logger = new DocumentLogger(port(), gsn, key);
      await logger.connect();
      other = new DocumentLogger(port(), otherGsn, otherKey);
      await other.connect();
      // The other logger reports its battery first, so it owns it (section 4.1, battery ownership).
      const [telemetry] = examples('telemetry', 'stored');
      const sample = (payloadsOf(telemetry as DocumentExample)[0]?.samples as Record<string, unknown>[])[0];
      await other.send('telemetry', { v: 1, samples: [{ ...sample, batterySn: `${otherGsn}-B01`, ts: Date.now() - 60_000 }] });
      await waitFor(() => rows(sql`select 1 from tb_battery where battery_sn = ${`${otherGsn}-B01`}`), (found) => found.length === 1);
    });

    afterAll(async () => {
      logger?.close();
      other?.close();
      await t?.close();
      await broker?.stop();
    });

    it('stores each telemetry example to the millisecond, and drops only the foreign samples of a partly stored one', async () => {
      for (const example of examples('telemetry')) {
        const before = stats().rejected[example.reason as keyof IngestStats['rejected']] ?? 0;
        for (const payload of payloadsOf(example)) {
          await logger.send('telemetry', payload);
          for (const sample of payload.samples as { batterySn: string; ts: number; voltage: number }[]) {
            const foreign = sample.batterySn.startsWith(otherGsn);
            if (foreign) {
              await waitFor(() => Promise.resolve(stats().rejected['foreign-battery']), (n) => n === before + 1);
              expect(await sampleStored(sample.batterySn, sample.ts), `line ${example.line}: ${sample.batterySn} is another logger's`).toEqual([]);
            } else {
              const [stored] = await waitFor(() => sampleStored(sample.batterySn, sample.ts), (found) => found.length === 1);
              expect(stored?.voltage, `line ${example.line}`).toBeCloseTo(sample.voltage, 2);
            }
          }
        }
        if (example.outcome === 'stored-partly') expect(stats().rejected['foreign-battery'], `line ${example.line}: counted once`).toBe(before + 1);
      }
    });

    it('keeps what a status example says, and an absent optional field leaves the stored one', async () => {
      for (const example of examples('status')) {
        for (const payload of payloadsOf(example)) {
          await logger.send('status', payload);
          const listed = async () => (await t.request({ method: 'GET', url: `/boot/want/logger/list?gsn=${gsn}`, token: admin })).json().result.records[0];
          const record = await waitFor(listed, (r) => r?.firmware === payload.firmware && r?.lastIp === payload.ip);
          expect(record, `line ${example.line}`).toMatchObject({ firmware: payload.firmware, signal: payload.signal, deviceType: payload.deviceType, brand: payload.brand, lat: payload.lat, lon: payload.lon });
        }
      }
      await logger.send('status', { v: 1, ts: Date.now(), signal: -65, firmware: '2.3.1' });
      const record = await waitFor(
        async () => (await t.request({ method: 'GET', url: `/boot/want/logger/list?gsn=${gsn}`, token: admin })).json().result.records[0],
        (r) => r?.firmware === '2.3.1',
      );
      expect(record.brand).toBe('Cellsight');
    });

    it('opens and closes the events of the examples, and refuses the refused ones for the stated reason', async () => {
      for (const example of examples('events')) {
        for (const payload of payloadsOf(example)) {
          const events = payload.events as { id: string; begin: number; end?: number }[];
          const before = example.reason ? stats().rejected[example.reason as keyof IngestStats['rejected']] : 0;
          await logger.send('events', payload);
          if (example.outcome === 'refused') {
            await waitFor(() => Promise.resolve(stats().rejected[example.reason as keyof IngestStats['rejected']]), (n) => n === before + 1);
            for (const event of events) expect(await eventRow(event.id), `line ${example.line}`).toEqual([]);
          } else {
            for (const event of events) {
              const [row] = await waitFor(() => eventRow(event.id), (found) => found.length === 1 && (event.end === undefined || found[0]?.end_time !== null));
              expect(new Date(row?.begin_time ?? 0).getTime(), `line ${example.line}`).toBe(event.begin);
              expect(row?.end_time ? new Date(row.end_time).getTime() : undefined).toBe(event.end);
            }
          }
        }
      }
    });

    it('shows the logger its refused examples, per reason, as section 12 says', async () => {
      const refused = document.examples.filter((e) => e.outcome === 'refused' || e.outcome === 'stored-partly');
      const expected = new Map<string, number>();
      for (const example of refused) expected.set(example.reason ?? '', (expected.get(example.reason ?? '') ?? 0) + example.payloads.length);
      const listed = () =>
        t.request({ method: 'GET', url: `/boot/want/logger/refusals?gsn=${gsn}`, token: admin }).then((r) => r.json().result as { reason: string; count: number; lastExample: string }[]);
      const refusals = await waitFor(listed, (found) => [...expected].every(([reason, count]) => found.find((r) => r.reason === reason)?.count === count));
      const invalid = refusals.find((r) => r.reason === 'invalid');
      expect(invalid?.lastExample).toContain('Emk3q9x1-18');
    });

    it('takes each ack example as the state of its command', async () => {
      const [example] = examples('ack');
      const acks = (example?.payloads ?? []) as { id: string; code: number; progress?: number; upgradeState?: string }[];
      for (const [index, ack] of acks.entries()) {
        const op = ack.upgradeState ? 'upgrade' : 'settings';
        await t.app.db.execute(
          sql`insert into tb_command (id, logger_gsn, op, val, nonce, status, create_by, create_time, sent_at) values (${ack.id}, ${gsn}, ${op}, '', ${`document-nonce-${index}-${deployment.name}`}, 'sent', 'admin', now(), now())`,
        );
        await logger.send('ack', ack);
      }
      for (const ack of acks) {
        const [row] = await waitFor(
          () => rows<{ code: number | null; status: string; progress: number | null; upgrade_state: string | null }>(sql`select code, status, progress, upgrade_state from tb_command where id = ${ack.id}`),
          (found) => found[0]?.code === ack.code,
        );
        expect(row?.status, `line ${example?.line}: ${ack.id}`).toBe(ack.code === 0 ? 'acknowledged' : 'failed');
        if (ack.progress !== undefined) expect(row).toMatchObject({ progress: ack.progress, upgrade_state: ack.upgradeState });
      }
    });

    it('follows the state examples', async () => {
      for (const example of examples('state')) {
        for (const payload of payloadsOf(example)) {
          await logger.send('state', payload, { retain: true });
          await waitFor(() => rows<{ online: boolean }>(sql`select online from tb_logger where gsn = ${gsn}`), (found) => found[0]?.online === payload.online);
        }
      }
      await logger.send('state', { v: 1, online: true, ts: Date.now() }, { retain: true });
      await waitFor(() => rows<{ online: boolean }>(sql`select online from tb_logger where gsn = ${gsn}`), (found) => found[0]?.online === true);
    });

    it('processes QoS 0, QoS 2 and retained telemetry as section 3.1 says', async () => {
      const [telemetry] = examples('telemetry', 'stored');
      const base = (payloadsOf(telemetry as DocumentExample)[0]?.samples as Record<string, unknown>[])[0];
      const at = Date.now() - 120_000;
      await logger.send('telemetry', { v: 1, samples: [{ ...base, ts: at }] }, { qos: 0 });
      await logger.send('telemetry', { v: 1, samples: [{ ...base, ts: at + 1 }] }, { qos: 2 });
      await logger.send('telemetry', { v: 1, samples: [{ ...base, ts: at + 2 }] }, { retain: true });
      for (const ts of [at, at + 1, at + 2]) await waitFor(() => sampleStored(`${gsn}-B01`, ts), (found) => found.length === 1);
      // Whether the retained copy is read again after a restart: the next test restarts the platform.
    });

    it('delivers a pending command to a logger written from the document across a platform restart', async () => {
      logger.answering = false;
      const sent = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload: { gsno: gsn, op: 'restart' } });
      expect(sent.json()).toMatchObject({ success: true, result: { status: 'sent' } });
      const id = sent.json().result.id as string;
      await waitFor(() => Promise.resolve(logger.received.filter((c) => c.fields.id === id).length), (n) => n === 1);

      if (t.app.devicePlane.transport.kind === 'embedded') {
        // The logger loses power before answering; the platform restarts meanwhile (the embedded
        // broker forgets every session); the logger comes back and connects as section 2.3 says.
        logger.crash();
        await t.restart();
        logger.answering = true;
        await logger.connect();
      } else {
        // With Mosquitto the logger stays connected while the platform restarts; its answer waits
        // in the platform's broker session.
        await t.restart();
        logger.answering = true;
        await logger.send('ack', { v: 1, id, code: 0 });
      }
      await waitFor(() => rows<{ status: string }>(sql`select status from tb_command where id = ${id}`), (found) => found[0]?.status === 'acknowledged', 15_000);
      // The retained telemetry of the QoS test was not processed again by the restarted platform (section 3.1).
      expect(stats().samplesReceived).toBe(0);
      const deliveries = logger.received.filter((c) => c.fields.id === id);
      expect(deliveries.every((c) => c.signatureValid)).toBe(true);
      expect(new Set(deliveries.map((c) => c.fields.nonce)).size).toBe(1);
    });

    it('answers each cause of the CONNACK table with the documented code, in MQTT 3.1.1 and MQTT 5', async () => {
      const embedded = t.app.devicePlane.transport.kind === 'embedded';
      const password = documentSecrets(gsn, key).mqttPassword;
      type Connect = Omit<Parameters<typeof connackCode>[1], 'protocolVersion'> & { protocolVersion?: 3 };
      /** Brings about what a row needs before its CONNECT; answers how to undo it. */
      type Setup = () => Promise<() => Promise<void>>;
      // The embedded broker's credential check needs the database; without it, it cannot check.
      const withoutRegistry: Setup = async () => {
        await t.app.db.execute(sql`alter table tb_logger rename to tb_logger_away`);
        return async () => void (await t.app.db.execute(sql`alter table tb_logger_away rename to tb_logger`));
      };
      // Another address (the others' CONNECTs come from 127.0.0.1) sends unknown loggers until one is answered 0x03.
      const floodingAddress = '127.0.0.9';
      const overBudget: Setup = async () => {
        for (let i = 0; i < 1000; i++) {
          const stranger = `CS24039${String(i).padStart(5, '0')}`;
          if ((await connackCode(port(), { protocolVersion: 4, clientId: stranger, username: stranger, password, localAddress: floodingAddress })).code === 3) break;
        }
        return async () => undefined;
      };
      const provoke: [RegExp, Connect, Setup?][] = [
        [/^accepted/, { clientId: gsn, username: gsn, password }],
        [/unknown logger/, { clientId: 'CS2403077777', username: 'CS2403077777', password }],
        [/wrong password/, { clientId: gsn, username: gsn, password: documentSecrets(gsn, 'not-the-key').mqttPassword }],
        [/client id other than the gsn/, { clientId: `${gsn}-x`, username: gsn, password }],
        [/no user name/, { clientId: gsn }],
        [/platform cannot check credentials/, { clientId: gsn, username: gsn, password }, withoutRegistry],
        [/too many refused CONNECTs/, { clientId: gsn, username: gsn, password, localAddress: floodingAddress }, overBudget],
        [/MQTT 3\.1, protocol level 3/, { clientId: gsn, username: gsn, password, protocolVersion: 3 }],
      ];
      for (const row of document.connack) {
        const cause = provoke.find(([pattern]) => pattern.test(row.cause));
        expect(cause, `the CONNACK row "${row.cause}" has no test: add one`).toBeDefined();
        if (!cause) continue;
        if (/embedded broker/.test(row.cause) && !embedded) continue;
        const [, { protocolVersion, ...connect }, setup] = cause;
        const undo = await setup?.();
        try {
          expect((await connackCode(port(), { ...connect, protocolVersion: protocolVersion ?? 4 })).code, `${row.cause}, MQTT ${protocolVersion === 3 ? '3.1' : '3.1.1'}`).toBe(row.v4);
          // MQTT 5 where this deployment accepts it (section 2.2).
          if (!embedded && row.v5 !== null) expect((await connackCode(port(), { ...connect, protocolVersion: 5 })).code, `${row.cause}, MQTT 5`).toBe(row.v5);
        } finally {
          await undo?.();
        }
      }
      // Reconnect the document's logger: its session was taken over by the "accepted" probe.
      logger.close();
      await logger.connect();
    });

    if (deployment.name === 'embedded broker') {

      it('answers an MQTT 5 CONNECT with the bytes the version table gives for the embedded broker', async () => {
        const bytes = /embedded broker[^|]*\|[^|]*\|[^`]*`([0-9a-f ]+)`/.exec(document.text)?.[1]?.replaceAll(' ', '');
        expect(bytes).toBeDefined();
        const answer = await connackCode(port(), { protocolVersion: 5, clientId: gsn, username: gsn, password: documentSecrets(gsn, key).mqttPassword });
        expect(answer.bytes).toBe(bytes);
      });
    }
  });
}
