import {
  ackMessageSchema,
  deviceTopics,
  eventsMessageSchema,
  loggerStatusMessageSchema,
  maxPayloadBytes,
  maxSamplesPerMessage,
  stateMessageSchema,
  telemetryMessageSchema,
  upgradeStates,
  type BatterySample,
} from '@cellsight/contract';
import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import { describe, expect, it } from 'vitest';
import { BatteryModel } from './battery-model.js';
import { fleetCredentials } from './credentials.js';
import { eventCatalogue } from './event-catalogue.js';
import { ackMessage, eventsMessage, loggerConnectOptions, offlineMessage, onlineMessage, statusMessage, telemetryMessage, willPayload } from './messages.js';
import { createRng } from './random.js';

const now = Date.now();

/** Round trip through JSON, as on the wire. */
const wire = (message: unknown): unknown => JSON.parse(JSON.stringify(message));

const expectValid = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: unknown } } }, message: unknown): void => {
  const result = schema.safeParse(wire(message));
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
};

describe('generated messages match the contract', () => {
  it('telemetry: samples in every state the model can be in', () => {
    const rng = createRng('messages');
    const samples: BatterySample[] = [];
    for (const [i, kind] of eventCatalogue.entries()) {
      const model = new BatteryModel({ batterySn: `SIM000001-B${String(i + 1).padStart(2, '0')}`, role: i === 0 ? 'master' : 'slave', timeZone: 'Asia/Shanghai', seed: 's', initialSoc: (i * 37) % 101 });
      model.restriction = kind.restriction(rng, 16);
      model.upgrading = i === 0;
      model.shutdown = i % 4 === 0;
      model.step(now - 3 * 3_600_000);
      model.step(now);
      samples.push(model.sample(now - i));
    }
    expectValid(telemetryMessageSchema, telemetryMessage(0, samples));
    // Statuses follow the open events.
    expect(new Set(samples.map((s) => s.status))).toEqual(new Set(['fault', 'protect', 'warning', 'normal', 'upgrading']));
  });

  it('telemetry: a full replay batch of 100 samples stays far below the payload limit', () => {
    const model = new BatteryModel({ batterySn: 'SIM000001-B01', role: 'master', timeZone: 'UTC', seed: 's' });
    const samples = Array.from({ length: maxSamplesPerMessage }, (_, i) => model.sample(now - i * 10_000));
    const message = telemetryMessage(7, samples);
    expectValid(telemetryMessageSchema, message);
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(maxPayloadBytes / 2);
  });

  it('status, events, acks and state', () => {
    expectValid(loggerStatusMessageSchema, statusMessage({ ts: now, signal: -71, firmware: '2.3.0', ip: '10.1.2.3', deviceType: 'CS-GW-4G', brand: 'Cellsight', lat: 30.65699, lon: 104.057641 }));
    expectValid(eventsMessageSchema, eventsMessage([{ id: 'E1', batterySn: 'SIM000001-B01', type: 'warning', code: 'W-CELL-DELTA', category: 'cell', begin: now - 60_000 }]));
    expectValid(eventsMessageSchema, eventsMessage([{ id: 'E2', type: 'normal', code: 'N-RESTART', category: 'system', begin: now, end: now }]));
    for (const kind of eventCatalogue) {
      expectValid(eventsMessageSchema, eventsMessage([{ id: `E-${kind.code}`, batterySn: 'SIM000001-B01', type: kind.type, code: kind.code, category: kind.category, begin: now - 1000, end: now }]));
    }
    for (const code of [0, 1, 2, 4, 5, 500]) expectValid(ackMessageSchema, ackMessage({ id: 'cmd-1', code, message: 'text' }));
    // 3 (offline) is the console's code; a logger never sends it (device protocol section 9).
    expect(ackMessageSchema.safeParse(ackMessage({ id: 'cmd-1', code: 3 })).success).toBe(false);
    for (const upgradeState of upgradeStates) expectValid(ackMessageSchema, ackMessage({ id: 'cmd-2', code: 0, upgradeState, progress: 40 }));
    expectValid(stateMessageSchema, onlineMessage(now));
    expectValid(stateMessageSchema, offlineMessage(now));
    expectValid(stateMessageSchema, JSON.parse(willPayload));
  });

  it('connect options: gsn as client id and user, derived password, persistent session, retained will', () => {
    const [logger] = fleetCredentials({ loggers: 1, batteriesPerLogger: 1 });
    if (!logger) throw new Error('no logger');
    const options = loggerConnectOptions({ gsn: logger.gsn, key: logger.key });
    expect(options).toMatchObject({ clientId: logger.gsn, username: logger.gsn, password: loggerMqttPassword(logger.gsn, logger.key), clean: false, keepalive: 30, protocolVersion: 4 });
    expect(options.will).toMatchObject({ topic: deviceTopics.state(logger.gsn), qos: 1, retain: true });
    expect(String(options.will?.payload)).toBe('{"v":1,"online":false}');
    // MQTT 5 needs a session expiry, or the session ends at disconnect.
    expect(loggerConnectOptions({ gsn: logger.gsn, key: logger.key, protocolVersion: 5 }).properties).toEqual({ sessionExpiryInterval: 86_400 });
  });
});

describe('fleet credentials', () => {
  it('are deterministic per seed', () => {
    const a = fleetCredentials({ loggers: 3, batteriesPerLogger: 2, seed: 'x', prefix: 'EU' });
    expect(a.map((c) => c.gsn)).toEqual(['SIMEU000001', 'SIMEU000002', 'SIMEU000003']);
    expect(a[0]?.batterySns).toEqual(['SIMEU000001-B01', 'SIMEU000001-B02']);
    expect(a[0]?.key).toMatch(/^[0-9a-f]{16}$/);
    expect(fleetCredentials({ loggers: 3, batteriesPerLogger: 2, seed: 'x', prefix: 'EU' })).toEqual(a);
    expect(fleetCredentials({ loggers: 1, batteriesPerLogger: 1, seed: 'y', prefix: 'EU' })[0]?.key).not.toBe(a[0]?.key);
    expect(() => fleetCredentials({ loggers: 1, batteriesPerLogger: 1, prefix: 'a b' })).toThrow(RangeError);
  });
});
