import { type BatteryCellHistoryQuery, batteryCellEndpoints, deviceTopics } from '@cellsight/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLogger, publish, sample } from './support/device.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let client: MqttClient;
const gsn = 'CELLHIST01';
const battery = 'CELLHIST-PACK1';

/** A day three days ago in Tokyo (UTC+9, no DST): its local midnight is 15:00 UTC the day before. */
const day = new Date(Date.now() - 3 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
const midnight = Date.parse(`${day}T00:00:00Z`) - 9 * 3_600_000;
const minute = 60_000;
const cells = (drift: number) => [3.301, 3.302, 3.3 + drift, 3.299];

/** The day's cells as the heat map asks for them (the contract's endpoint, its answer typed). */
const history = (query: Omit<BatteryCellHistoryQuery, 'batterySn'>, token = admin) => t.call(batteryCellEndpoints.dayHistory, { token, query: { batterySn: battery, ...query } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  expect((await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn, key: 'cell-key-0001', timezone: 'Asia/Tokyo' }] } })).json()).toMatchObject({ success: true });
  client = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsn, 'cell-key-0001');
  const samples = [
    sample(battery, midnight - 2 * minute, { cellVoltages: cells(0.5), cellTemperatures: [40, 41] }), // the day before, local time
    sample(battery, midnight + 1 * minute, { cellVoltages: cells(-0.02), cellTemperatures: [25, 26] }),
    sample(battery, midnight + 3 * minute, { cellVoltages: cells(-0.04), cellTemperatures: [25, 28] }),
    sample(battery, midnight + 7 * minute, { cellVoltages: cells(-0.09), cellTemperatures: [26, 27] }),
  ];
  await publish(client, deviceTopics.telemetry(gsn), { v: 1, samples });
});
afterAll(async () => {
  client?.end(true);
  await t?.close();
});

describe('the cell heat map', () => {
  it('gives every cell’s 5-minute averages over the battery’s own local day, so the drifting cell shows', async () => {
    const { envelope: answer } = await history({ date: day });
    expect(answer.success).toBe(true);
    expect(answer.result).toMatchObject({ batterySn: battery, date: day, timezone: 'Asia/Tokyo', kind: 'voltage', bucketMinutes: 5 });
    expect(answer.result.buckets).toEqual([new Date(midnight).toISOString(), new Date(midnight + 5 * minute).toISOString()]);
    expect(answer.result.cells).toEqual([
      [3.301, 3.301],
      [3.302, 3.302],
      [3.27, 3.21],
      [3.299, 3.299],
    ]);
  });

  it('gives temperatures the same way', async () => {
    const answer = (await history({ date: day, kind: 'temperature' })).envelope.result;
    expect(answer.cells).toEqual([
      [25, 26],
      [27, 27],
    ]);
  });

  it('answers an empty day with no columns, a battery outside the caller’s scope as not found, and a bad date naming the field', async () => {
    expect((await history({ date: '2020-01-01' })).envelope.result).toMatchObject({ buckets: [], cells: [] });
    await addUser(t, admin, { username: 'cell_installer', password: 'Installer1', selectedroles: 'r-installer', accountType: 'installer' });
    const installer = await t.login('cell_installer', 'Installer1');
    expect((await history({ date: day }, installer)).statusCode).toBe(404);
    const bad = await history({ date: '2026-13-45' });
    expect(bad.statusCode).toBe(400);
    // A refusal's result is the per-field errors, not the day's cells.
    expect(bad.response.json<{ result: { errors: { field: string }[] } }>().result.errors[0]?.field).toContain('date');
  });
});
