import { type LoggerRefusal, deviceTopics } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { type Mosquitto, startMosquitto } from './support/mosquitto.js';
import { type Service, itNeeding, mosquittoService } from './support/required-services.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/**
 * A logger that floods is held to its message budget (docs/device-protocol.md section 11.1): its
 * excess is acknowledged and dropped, counted as `rate` under its refused messages and logged once,
 * while another logger publishing at the same time has every message stored. Both brokers: the
 * budget is kept where the uplinks of either arrive.
 */
const perMinute = 60;
const burst = 20;
const floodMessages = 200;
// Within its own budget, sent while the other logger floods.
const calmMessages = 15;

// What each needs of the machine: a missing service skips its test, or fails it in CI.
const scenarios: { name: string; external: boolean; needs: Service[] }[] = [
  { name: 'embedded broker', external: false, needs: [] },
  { name: 'external Mosquitto', external: true, needs: [mosquittoService] },
];

describe.each(scenarios)('one logger floods through the $name', ({ external, needs }) => {
  const run = needs.every((service) => service.present);
  const flood = external ? 'XFLOOD0001' : 'FLOOD00001';
  const calm = external ? 'XCALM00001' : 'CALM000001';
  const key = 'flood-test-key-1';
  let broker: Mosquitto | undefined;
  let t: TestApp;
  let admin: string;
  let floodClient: MqttClient | undefined;
  let calmClient: MqttClient | undefined;
  let warnings: { gsn?: string; reason?: string; dropped?: number }[] = [];

  const stored = async (batterySn: string) => {
    const result = (await t.app.db.execute(sql`select count(*) as n from tb_battery_sample where battery_sn = ${batterySn}`)) as unknown as { rows: { n: string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const refusals = async (gsn: string) =>
    (await t.request({ method: 'GET', url: `/boot/want/logger/refusals?gsn=${gsn}`, token: admin })).json().result as LoggerRefusal[];

  beforeAll(async () => {
    if (!run) return;
    const budget = { DEVICE_MESSAGES_PER_MINUTE: String(perMinute), DEVICE_MESSAGE_BURST: String(burst) };
    if (external) broker = await startMosquitto();
    t = await createTestApp(broker ? { ...budget, MQTT_URL: broker.url, MQTT_SHARE_GROUP: `flood${process.pid}` } : budget);
    admin = await t.login('admin', adminPassword);
    const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn: flood, key }, { gsn: calm, key }] } });
    expect(registered.json()).toMatchObject({ success: true, result: { registered: 2 } });
    const port = broker?.port ?? t.app.devicePlane.brokerPort ?? 0;
    [floodClient, calmClient] = await Promise.all([connectLogger(port, flood, key, { clean: true }), connectLogger(port, calm, key, { clean: true })]);
    const warn = t.app.log.warn.bind(t.app.log);
    vi.spyOn(t.app.log, 'warn').mockImplementation(((first: unknown, ...rest: unknown[]) => {
      if (typeof first === 'object' && first !== null && (first as { reason?: string }).reason === 'rate') warnings.push(first as (typeof warnings)[number]);
      return (warn as (...args: unknown[]) => void)(first, ...rest);
    }) as typeof t.app.log.warn);
  }, 60_000);

  afterAll(async () => {
    floodClient?.end(true);
    calmClient?.end(true);
    await t?.close();
    await broker?.stop();
  });

  itNeeding(needs)("drops the flooding logger's excess, stores every message of the other, and reports the flood once", async () => {
    if (!floodClient || !calmClient) throw new Error('loggers not connected');
    const ts = Date.now() - 60_000;
    warnings = [];
    const started = Date.now();
    // Every publish resolves on its PUBACK: the dropped messages are acknowledged too.
    const flooding = Promise.all(Array.from({ length: floodMessages }, (_, i) => publish(floodClient as MqttClient, deviceTopics.telemetry(flood), { v: 1, samples: [sample('FLOOD-BAT-1', ts + i)] })));
    for (let i = 0; i < calmMessages; i++) await publish(calmClient, deviceTopics.telemetry(calm), { v: 1, samples: [sample('CALM-BAT-1', ts + i)] });
    await flooding;
    const rate = () => Promise.resolve(t.app.devicePlane.ingest.stats().rejected.rate);
    // Every flood message is either stored or dropped (with an external broker the PUBACK comes before the platform reads it).
    await waitFor(async () => (await rate()) + (await stored('FLOOD-BAT-1')), (n) => n === floodMessages, 20_000);
    await waitFor(() => stored('CALM-BAT-1'), (n) => n === calmMessages, 20_000);
    const elapsedSeconds = (Date.now() - started) / 1000;

    const floodStored = await stored('FLOOD-BAT-1');
    // The burst, plus what the budget refilled (one a second) while the flood lasted.
    expect(floodStored).toBeGreaterThanOrEqual(burst);
    expect(floodStored).toBeLessThanOrEqual(burst + Math.ceil(elapsedSeconds * (perMinute / 60)) + 1);
    const dropped = floodMessages - floodStored;
    expect(await rate()).toBe(dropped);

    // One warning for the flooding logger in this minute, none for the other.
    expect(warnings).toEqual([{ gsn: flood, reason: 'rate', dropped: 1 }]);

    // Shown under the flooding logger's refused messages, with the budget as the cause; the other logger has none.
    const listed = await waitFor(() => refusals(flood), (rows) => rows.find((r) => r.reason === 'rate')?.count === dropped);
    const row = listed.find((r) => r.reason === 'rate');
    expect(row?.lastTopic).toBe(deviceTopics.telemetry(flood));
    expect(row?.lastDetail).toContain(`${perMinute} messages per minute (${burst} at once)`);
    expect(row?.lastExample).toContain('FLOOD-BAT-1');
    expect(await refusals(calm)).toEqual([]);
  }, 60_000);
});
