import { type CommandMessage, deviceTopics } from '@cellsight/contract';
import { loggerMqttPassword, loggerSigningKey, verifyCommand } from '@cellsight/contract/device-crypto';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { loggers } from '../src/db/schema.js';
import { connackCode } from './support/document-logger.js';
import { publish, sample, waitFor } from './support/device.js';
import { type Mosquitto, dynsecConfig, managedAccountsEnv, startMosquitto } from './support/mosquitto.js';
import { describeNeeding, mosquittoService } from './support/required-services.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/**
 * Logger accounts on an external Mosquitto, provisioned by the platform through the
 * dynamic-security plugin (MQTT_DYNSEC_USERNAME/PASSWORD). Every check is a real MQTT client
 * against a private Mosquitto 2.0: what a logger in the field would see.
 */

let broker: Mosquitto;
let t: TestApp;
let admin: string;
const clients: MqttClient[] = [];
const gsn = 'MOSQLOGGER01';
const key = 'mosquitto-key-01';

type Outcome = { accepted: true; client: MqttClient } | { accepted: false; code: number | undefined };

/** Connects as a logger would; the CONNACK return code (3.1.1) or reason code (5) when refused. */
const attempt = (options: { gsn: string; key: string; clientId?: string; protocolVersion: 4 | 5 }): Promise<Outcome> =>
  new Promise((resolve) => {
    const client = mqtt.connect(broker.url, {
      clientId: options.clientId ?? options.gsn,
      username: options.gsn,
      password: loggerMqttPassword(options.gsn, options.key),
      protocolVersion: options.protocolVersion,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    client.once('connect', () => {
      clients.push(client);
      resolve({ accepted: true, client });
    });
    client.once('error', (error) => {
      client.end(true);
      resolve({ accepted: false, code: (error as { code?: number }).code });
    });
  });
/** The CONNACK code a logger connecting so would get (0: accepted), read from the raw packet. */
const codeOf = async (options: Parameters<typeof attempt>[0]): Promise<number> =>
  (await connackCode(broker.port, { protocolVersion: options.protocolVersion, clientId: options.clientId ?? options.gsn, username: options.gsn, password: loggerMqttPassword(options.gsn, options.key) })).code;
const connected = async (options: Parameters<typeof attempt>[0]): Promise<MqttClient> => {
  const outcome = await attempt(options);
  if (!outcome.accepted) throw new Error(`refused with ${outcome.code}\n${broker.log()}`);
  return outcome.client;
};
const count = async (query: ReturnType<typeof sql>): Promise<number> => Number(((await t.app.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
const register = (entries: { gsn: string; key: string }[]) => t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: entries } });

describeNeeding([mosquittoService])('logger accounts on Mosquitto (dynamic security)', () => {
  beforeAll(async () => {
    broker = await startMosquitto({ dynsec: dynsecConfig, extra: ['log_type information'] });
    t = await createTestApp(managedAccountsEnv(broker));
    admin = await t.login('admin', adminPassword);
    expect((await register([{ gsn, key }, { gsn: 'MOSQLOGGER02', key: 'mosquitto-key-02' }])).json()).toMatchObject({ success: true, result: { registered: 2 } });
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await t?.close();
    await broker?.stop();
  });

  it('lets a registered logger connect with its derived password, over MQTT 3.1.1 and 5', async () => {
    expect(await codeOf({ gsn, key, protocolVersion: 4 })).toBe(0);
    expect(await codeOf({ gsn, key, protocolVersion: 5 })).toBe(0);
  });

  it('refuses a wrong password, an unknown logger and a client id other than the gsn: 5 (3.1.1), 0x87 (5)', async () => {
    for (const [protocolVersion, notAuthorized] of [
      [4, 5],
      [5, 0x87],
    ] as const) {
      expect(await codeOf({ gsn, key: 'wrong-key-000', protocolVersion })).toBe(notAuthorized);
      expect(await codeOf({ gsn: 'NOTREGISTERED1', key, protocolVersion })).toBe(notAuthorized);
      expect(await codeOf({ gsn, key, clientId: 'MOSQLOGGER02', protocolVersion })).toBe(notAuthorized);
      expect(await codeOf({ gsn, key, clientId: 'someone-else', protocolVersion })).toBe(notAuthorized);
    }
  });

  it('stores the logger’s own telemetry and not what it publishes on another logger’s topic', async () => {
    const logger = await connected({ gsn, key, protocolVersion: 4 });
    const ts = Date.UTC(2026, 4, 1, 12, 0, 0);
    await publish(logger, deviceTopics.telemetry('MOSQLOGGER02'), { v: 1, samples: [sample('MOSQ-FOREIGN', ts)] });
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('MOSQ-OWN', ts)] });
    await waitFor(() => count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'MOSQ-OWN'`), (n) => n === 1);
    // Messages of one publisher arrive in order: the foreign one, sent first, would be stored by now.
    expect(await count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'MOSQ-FOREIGN'`)).toBe(0);
    expect(await logger.subscribeAsync(deviceTopics.command('MOSQLOGGER02'), { qos: 1 }).catch((error: { packet?: { granted: number[] } }) => error.packet?.granted)).toEqual([128]);
  });

  it('delivers the platform’s signed commands to the logger', async () => {
    const logger = await connected({ gsn, key, protocolVersion: 4 });
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await waitFor(() => count(sql`select count(*) as n from tb_logger where gsn = ${gsn} and online`), (n) => n === 1);
    const received = new Promise<CommandMessage>((resolve) => logger.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    expect(await logger.subscribeAsync(deviceTopics.command(gsn), { qos: 1 })).toEqual([expect.objectContaining({ qos: 1 })]);
    const sent = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload: { gsno: gsn, op: 'restart' } });
    expect(sent.json()).toMatchObject({ success: true });
    expect(verifyCommand(await received, loggerSigningKey(gsn, key))).toBe(true);
  });

  it('after a key rotation drops the logger, refuses the old password and accepts the new one', async () => {
    const logger = await connected({ gsn, key, protocolVersion: 4 });
    const dropped = new Promise<void>((resolve) => logger.once('close', () => resolve()));
    const newKey = 'mosquitto-key-99';
    const rotated = await t.request({ method: 'POST', url: '/boot/want/logger/rotateKey', token: admin, payload: { gsn, key: newKey } });
    expect(rotated.json()).toMatchObject({ success: true });
    await dropped;
    expect(await codeOf({ gsn, key, protocolVersion: 4 })).toBe(5);
    expect(await codeOf({ gsn, key, protocolVersion: 5 })).toBe(0x87);
    expect(await codeOf({ gsn, key: newKey, protocolVersion: 4 })).toBe(0);
    expect(await codeOf({ gsn, key: newKey, protocolVersion: 5 })).toBe(0);
  });

  it('brings every registered logger into step at a sync, in batches, and leaves unchanged accounts (and their connections) alone', async () => {
    const other = await connected({ gsn: 'MOSQLOGGER02', key: 'mosquitto-key-02', protocolVersion: 4 });
    let otherDropped = false;
    other.once('close', () => (otherDropped = true));
    // Loggers the broker has no account for (registered while it was away): their commands (about 1 KB each) take several messages.
    const fleet = Array.from({ length: 600 }, (_, index) => ({ gsn: `FLEET${String(index).padStart(5, '0')}`, registrationKey: `fleet-key-${index}`, tenantId: 1 }));
    await t.app.db.insert(loggers).values(fleet);
    expect(await codeOf({ gsn: 'FLEET00042', key: 'fleet-key-42', protocolVersion: 4 })).toBe(5);
    const accounts = t.app.devicePlane.accounts;
    if (!accounts) throw new Error('broker accounts are not configured');
    const report = await accounts.sync();
    expect(report).toEqual({ loggers: 602, created: 600, updated: 0 });
    expect(await codeOf({ gsn: 'FLEET00042', key: 'fleet-key-42', protocolVersion: 4 })).toBe(0);
    expect(await codeOf({ gsn: 'FLEET00599', key: 'fleet-key-599', protocolVersion: 5 })).toBe(0);
    // A second sync finds nothing to change.
    expect(await accounts.sync()).toEqual({ loggers: 602, created: 0, updated: 0 });
    expect(otherDropped).toBe(false);
    expect(other.connected).toBe(true);
  });
});

describe('dynamic-security configuration', () => {
  it('is off by default, and refuses half a dynsec account or one without an external broker', () => {
    expect(loadConfig({}).mqtt.dynsec).toBeNull();
    const url = { MQTT_URL: 'mqtt://127.0.0.1:1883' };
    expect(loadConfig({ ...url, MQTT_DYNSEC_USERNAME: 'admin', MQTT_DYNSEC_PASSWORD: 'secret' }).mqtt.dynsec).toEqual({ username: 'admin', password: 'secret' });
    expect(() => loadConfig({ ...url, MQTT_DYNSEC_USERNAME: 'admin' })).toThrow(ConfigError);
    expect(() => loadConfig({ MQTT_DYNSEC_USERNAME: 'admin', MQTT_DYNSEC_PASSWORD: 'secret' })).toThrow(/MQTT_URL/);
  });
});
