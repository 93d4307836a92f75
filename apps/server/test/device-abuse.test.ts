import { connect, type Socket } from 'node:net';
import {
  ackMessageSchema,
  deviceTopics,
  eventsMessageSchema,
  loggerStatusMessageSchema,
  maxPacketBytes,
  stateMessageSchema,
  telemetryMessageSchema,
} from '@cellsight/contract';
import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import * as mqttPacket from 'mqtt-packet';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { type JsonSchema, arbitraryFor } from './support/schema-arbitrary.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/** Messages a hostile or broken logger sends: each is refused and counted, and never blocks the logger. */
let t: TestApp;
let port: number;
const gsn = 'ABUSE00001';
const key = 'abuse-key-0001';

const stats = () => t.app.devicePlane.ingest.stats();
const storedSamples = async (batterySn: string) => {
  const result = (await t.app.db.execute(sql`select count(*) as n from tb_battery_sample where battery_sn = ${batterySn}`)) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0]?.n ?? 0);
};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login('admin', adminPassword);
  port = t.app.devicePlane.brokerPort ?? 0;
  await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn, key }] } });
});
afterAll(() => t.close());

describe('one bad message never blocks a logger', () => {
  let logger: MqttClient;
  let closes = 0;
  beforeAll(async () => {
    logger = await connectLogger(port, gsn, key);
    logger.on('close', () => closes++);
  });
  afterAll(() => logger.end(true));

  it('acknowledges and counts status and events carrying NUL or a non-address ip, then stores the next telemetry', async () => {
    const before = stats().rejected.invalid;
    const ts = Date.now();
    // Each publish resolves only on PUBACK: a message the platform could not store would never resolve.
    await publish(logger, deviceTopics.status(gsn), { v: 1, ts, signal: -70, firmware: 'v1\u0000' });
    await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ id: 'e\u00001', type: 'fault', code: 'F1', begin: ts }] });
    await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ id: 'e2', type: 'fault', code: 'F\u0000', begin: ts }] });
    await publish(logger, deviceTopics.status(gsn), { v: 1, ts, signal: -70, firmware: 'v1', ip: '<img src=x onerror=alert(1)>' });
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('ABUSE-B1', ts)] });
    expect(stats().rejected.invalid - before).toBe(4);
    await waitFor(() => storedSamples('ABUSE-B1'), (n) => n === 1);
    expect(closes).toBe(0);
    const result = (await t.app.db.execute(sql`select firmware, last_ip from tb_logger where gsn = ${gsn}`)) as unknown as { rows: { firmware: string | null; last_ip: string | null }[] };
    expect(result.rows[0]).toEqual({ firmware: null, last_ip: null });
  });

  it('stores a status with a real address', async () => {
    await publish(logger, deviceTopics.status(gsn), { v: 1, ts: Date.now(), signal: -70, firmware: 'v1.2', ip: '2001:db8::7' });
    const result = (await t.app.db.execute(sql`select last_ip from tb_logger where gsn = ${gsn}`)) as unknown as { rows: { last_ip: string | null }[] };
    expect(result.rows[0]?.last_ip).toBe('2001:db8::7');
  });
});

describe('numbers a 4-byte float cannot hold', () => {
  it('stores a reading too small for a 4-byte float (soc 5e-324) as its nearest value, 0, with no refused batch and no error log', async () => {
    const logger = await connectLogger(port, gsn, key, { clean: true });
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      const before = stats().rejected;
      const ts = Date.now() - 5_000;
      const tiny = { soc: 5e-324, soh: 5e-324, voltage: 1e-46, current: -1e-320, power: 2e-310, temperature: 0, chargeEnergyToday: 5e-324, dischargeEnergyToday: 1e-300 };
      // Each publish resolves on its PUBACK, which the embedded broker sends once the message is stored (or refused).
      for (let i = 0; i < 3; i++) await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('ABUSE-TINY', ts + i, tiny)] });
      const stored = (await t.app.db.execute(
        sql`select soc, soh, voltage, current, power, charge_energy_today as charge, discharge_energy_today as discharge from tb_battery_sample where battery_sn = 'ABUSE-TINY'`,
      )) as unknown as { rows: Record<string, number>[] };
      expect(stored.rows).toHaveLength(3);
      for (const row of stored.rows) expect(row).toEqual({ soc: 0, soh: 0, voltage: 0, current: 0, power: 0, charge: 0, discharge: 0 });
      const latest = (await t.app.db.execute(sql`select soc, discharge_energy_today as discharge from tb_battery where battery_sn = 'ABUSE-TINY'`)) as unknown as { rows: Record<string, number>[] };
      expect(latest.rows).toEqual([{ soc: 0, discharge: 0 }]);
      expect(stats().rejected).toEqual(before);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      logger.end(true);
    }
  });
});

describe('fuzz of every uplink kind', () => {
  it('acknowledges every message, valid or broken, without closing the logger’s connection', async () => {
    const logger = await connectLogger(port, gsn, key, { clean: true });
    let closes = 0;
    logger.on('close', () => closes++);
    const schemas = { telemetry: telemetryMessageSchema, status: loggerStatusMessageSchema, events: eventsMessageSchema, ack: ackMessageSchema, state: stateMessageSchema } as const;
    const broken = ['\u0000', 'x\u0000y', -1e308, 1e308, 1e20, 1.5, '', [], {}, null, true, '<b>x</b>', 'x'.repeat(5000)];
    let sent = 0;
    try {
      for (const [index, [kind, schema]] of Object.entries(schemas).entries()) {
        const messages = fc.sample(
          fc.record({ message: arbitraryFor(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema), field: fc.nat(20), value: fc.constantFrom(...broken), breakIt: fc.boolean() }),
          { seed: 20_261_124 + index, numRuns: 25 },
        );
        for (const { message, field, value, breakIt } of messages) {
          const payload: Record<string, unknown> = { ...(message as Record<string, unknown>), v: 1 };
          if (breakIt) {
            const keys = Object.keys(payload);
            payload[keys[field % keys.length] ?? 'v'] = value;
          }
          // Resolves only on PUBACK: a message that could hold the logger hostage would time out here.
          await publish(logger, `cs/v1/${gsn}/${kind}`, payload);
          sent++;
        }
      }
    } finally {
      logger.end(true);
    }
    expect(sent).toBe(125);
    expect(closes).toBe(0);
  }, 60_000);
});

describe('packet size at the embedded broker', () => {
  /** A logger's raw connection: CONNECT done, ready to write bytes by hand. */
  const rawLogger = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const parser = mqttPacket.parser();
      socket.on('data', (chunk) => parser.parse(chunk));
      parser.on('packet', (packet) => (packet.cmd === 'connack' && packet.returnCode === 0 ? resolve(socket) : reject(new Error(`connack ${JSON.stringify(packet)}`))));
      socket.on('error', reject);
      socket.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: gsn, clean: true, keepalive: 60, username: gsn, password: Buffer.from(loggerMqttPassword(gsn, key)) }));
    });

  it('closes the connection as soon as a publish announces more than the limit, without reading it', async () => {
    const before = stats().rejected['too-large'];
    const socket = await rawLogger();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // PUBLISH, QoS 1, announcing 20 MiB: remaining length as MQTT's variable-length integer.
    let remaining = 20 * 1024 * 1024;
    const length: number[] = [];
    do {
      let byte = remaining % 128;
      remaining = Math.floor(remaining / 128);
      if (remaining > 0) byte |= 0x80;
      length.push(byte);
    } while (remaining > 0);
    socket.write(Buffer.concat([Buffer.from([0x32, ...length]), Buffer.alloc(64 * 1024, 0x61)]));
    await closed;
    expect(stats().rejected['too-large'] - before).toBe(1);
  });

  it('still takes a publish just under the limit (and refuses its oversized payload as a message)', async () => {
    const logger = await connectLogger(port, gsn, key, { clean: true });
    try {
      const before = stats().rejected['too-large'];
      await publish(logger, deviceTopics.telemetry(gsn), 'x'.repeat(maxPacketBytes - 1000));
      expect(stats().rejected['too-large'] - before).toBe(1);
    } finally {
      logger.end(true);
    }
  });
});
