import { type CommandMessage, DeviceCode, deviceTopics, maxPacketBytes } from '@cellsight/contract';
import { loggerSigningKey, verifyCommand } from '@cellsight/contract/device-crypto';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { type Mosquitto, startMosquitto } from './support/mosquitto.js';
import { describeNeeding, mosquittoService } from './support/required-services.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/**
 * The device plane against a real Mosquitto (private instance with the deployment queue settings)
 * instead of the embedded broker. Runs in both projects (PGlite and PostgreSQL): it needs only the
 * mosquitto binary. The test broker is anonymous, so there is no per-logger authentication or ACL
 * here: in production that is the broker's job (docs/deploy/mosquitto.conf, dynamic security).
 *
 * With an external broker the PUBACK a logger receives comes from Mosquitto when it has queued the
 * message, not from the platform after the commit, so every check here waits for the database.
 */
describeNeeding([mosquittoService])('device plane through an external Mosquitto', () => {
  let broker: Mosquitto | undefined;
  let t: TestApp | undefined;
  let admin: string;
  let logger: MqttClient | undefined;
  const gsn = 'EXTLOG0001';
  const key = 'ext-secret-key-01';

  const app = (): TestApp => {
    if (!t) throw new Error('the app did not start');
    return t;
  };
  const count = async (query: ReturnType<typeof sql>): Promise<number> => {
    const result = (await app().app.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const connected = (): MqttClient => {
    if (!logger) throw new Error('the logger is not connected');
    return logger;
  };

  beforeAll(async () => {
    broker = await startMosquitto();
    t = await createTestApp({ MQTT_URL: broker.url, MQTT_SHARE_GROUP: `ext${process.pid}` });
    expect(t.app.devicePlane.transport.kind).toBe('external');
    admin = await t.login('admin', adminPassword);
    const registered = await t.request({
      method: 'POST',
      url: '/boot/want/logger/registerBatch',
      token: admin,
      payload: { loggers: [{ gsn, key, timezone: 'UTC' }] },
    });
    expect(registered.json()).toMatchObject({ success: true, result: { registered: 1 } });
    logger = await connectLogger(broker.port, gsn, key);
  });

  afterAll(async () => {
    logger?.end(true);
    await t?.close();
    await broker?.stop();
  });

  it('stores telemetry published through Mosquitto once, also when the message is sent again', async () => {
    const base = Date.now() - 3_600_000;
    const message = { v: 1, samples: [sample('EXT-BAT-1', base), sample('EXT-BAT-1', base + 1000), sample('EXT-BAT-2', base)] };
    await publish(connected(), deviceTopics.telemetry(gsn), message);
    await waitFor(() => count(sql`select count(*) as n from tb_battery_sample where battery_sn like 'EXT-BAT-%'`), (n) => n === 3);
    // The same message again (a logger re-sending after a lost PUBACK), then a marker: once the
    // marker is stored, the re-sent message has been processed too (one platform session, in order
    // on one topic) and must not have added rows.
    await publish(connected(), deviceTopics.telemetry(gsn), message);
    await publish(connected(), deviceTopics.telemetry(gsn), { v: 1, samples: [sample('EXT-BAT-3', base)] });
    await waitFor(() => count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'EXT-BAT-3'`), (n) => n === 1);
    expect(await count(sql`select count(*) as n from tb_battery_sample where battery_sn like 'EXT-BAT-%'`)).toBe(4);
    expect(await count(sql`select count(*) as n from tb_battery where logger_gsn = ${gsn}`)).toBe(3);
    expect(app().app.devicePlane.ingest.stats().samplesStored).toBe(4);
  });

  it('receives events, idempotently', async () => {
    const begin = Date.now() - 60_000;
    const open = { v: 1, events: [{ id: 'ext-ev-1', batterySn: 'EXT-BAT-1', type: 'warning', code: 'W-TEMP-HIGH', category: 'temperature', begin }] };
    await publish(connected(), deviceTopics.events(gsn), open);
    await publish(connected(), deviceTopics.events(gsn), open);
    await waitFor(() => count(sql`select count(*) as n from tb_event where logger_gsn = ${gsn} and end_time is null`), (n) => n === 1);
    await publish(connected(), deviceTopics.events(gsn), { v: 1, events: [{ ...open.events[0], end: Date.now() }] });
    await waitFor(() => count(sql`select count(*) as n from tb_event where logger_gsn = ${gsn} and end_time is not null`), (n) => n === 1);
    expect(await count(sql`select count(*) as n from tb_event where logger_gsn = ${gsn}`)).toBe(1);
  });

  it('follows the retained state topic: online, then offline from the will', async () => {
    await publish(connected(), deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await waitFor(() => count(sql`select count(*) as n from tb_logger where gsn = ${gsn} and online`), (n) => n === 1);
    // A connection lost without DISCONNECT: Mosquitto publishes the will.
    connected().stream.destroy();
    await waitFor(() => count(sql`select count(*) as n from tb_logger where gsn = ${gsn} and online`), (n) => n === 0);
    logger?.end(true);
    logger = await connectLogger(broker?.port ?? 0, gsn, key);
    await publish(connected(), deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await waitFor(() => count(sql`select count(*) as n from tb_logger where gsn = ${gsn} and online`), (n) => n === 1);
  });

  it('delivers a signed command to the logger through Mosquitto and follows its ack', async () => {
    const client = connected();
    await client.subscribeAsync(deviceTopics.command(gsn), { qos: 1 });
    const received = new Promise<CommandMessage>((resolve) =>
      client.on('message', (topic, payload) => {
        if (topic === deviceTopics.command(gsn)) resolve(JSON.parse(payload.toString()) as CommandMessage);
      }),
    );
    const sent = await app().request({
      method: 'POST',
      url: '/boot/want/device/operate',
      token: admin,
      payload: { gsno: gsn, op: 'settings', batterySn: 'EXT-BAT-1', val: JSON.stringify({ socMin: 15 }) },
    });
    expect(sent.json()).toMatchObject({ success: true, result: { status: 'sent', op: 'settings' } });
    const command = await received;
    expect(command).toMatchObject({ v: 1, op: 'settings', batterySn: 'EXT-BAT-1', val: '{"socMin":15}' });
    expect(verifyCommand(command, loggerSigningKey(gsn, key))).toBe(true);
    await publish(client, deviceTopics.ack(gsn), { v: 1, id: command.id, code: DeviceCode.OK });
    const record = await waitFor(
      async () => (await app().request({ method: 'GET', url: '/boot/want/command/queryById', token: admin, query: { id: command.id } })).json().result,
      (r) => r?.status === 'acknowledged',
    );
    expect(record).toMatchObject({ code: 0, batterySn: 'EXT-BAT-1' });
  });

  it('has Mosquitto cut off a client whose packet is over the deployment limit, and goes on consuming', async () => {
    if (!broker) throw new Error('no broker');
    const big = await connectLogger(broker.port, 'EXTBIG0001', 'any-key-12345', { clean: true, will: undefined });
    const closed = new Promise<void>((resolve) => big.once('close', () => resolve()));
    big.publish(deviceTopics.telemetry('EXTBIG0001'), Buffer.alloc(maxPacketBytes + 1000, 0x61), { qos: 1 });
    await closed;
    big.end(true);
    await publish(connected(), deviceTopics.telemetry(gsn), { v: 1, samples: [sample('EXT-BIG-OK', Date.now())] });
    await waitFor(() => count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'EXT-BIG-OK'`), (n) => n === 1);
  });
});
