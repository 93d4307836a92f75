import { DeviceCode, Permission, batteryListColumns, commandListColumns, deviceTopics, loggerListColumns, positionResource, userListColumns } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll } from 'vitest';
import { loggers } from '../src/db/schema.js';
import { connectLogger, publish, sample } from './support/device.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { type TestApp, addUser, adminPassword, moveToTenant } from './support/test-app.js';

/** Every list endpoint keeps the same list contract; each screen adds itself here. */

describeListEndpoint('users', {
  url: '/boot/sys/user/list',
  columns: userListColumns,
  permission: Permission.UserList,
  async seed(t, admin) {
    for (const username of ['conform_a', 'conform_b', 'conform_c']) await addUser(t, admin, { username, realname: `Real ${username}` });
  },
  writes: [
    { method: 'POST', url: '/boot/sys/user/add' },
    { method: 'PUT', url: '/boot/sys/user/edit' },
    { method: 'DELETE', url: '/boot/sys/user/delete' },
    { method: 'DELETE', url: '/boot/sys/user/deleteBatch' },
    { method: 'PUT', url: '/boot/sys/user/frozenBatch' },
  ],
});

describeListEndpoint('positions', {
  url: '/boot/sys/position/list',
  columns: positionResource.columns,
  permission: Permission.PositionList,
  async seed(t, admin) {
    for (const [code, name, rank] of [['P01', 'Engineer', '3'], ['P02', 'Technician', '2'], ['P03', 'Manager', '4']]) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/position/add', token: admin, payload: { code, name, rank } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/position/add' },
    { method: 'PUT', url: '/boot/sys/position/edit' },
    { method: 'DELETE', url: '/boot/sys/position/delete' },
    { method: 'DELETE', url: '/boot/sys/position/deleteBatch' },
    { method: 'POST', url: '/boot/sys/position/importExcel' },
  ],
});

/*
 * The device-plane lists. Their records come the way they do in production: loggers registered
 * through the API connect to the embedded broker and report; commands go to an online logger,
 * which answers them. Loggers stay connected until the file ends (disconnecting would flip
 * `online` while the suite compares counts).
 */
const connected: MqttClient[] = [];
afterAll(() => {
  for (const client of connected) client.end(true);
});

const succeeded = <T>(response: LightMyRequestResponse): T => {
  const body = response.json() as { success: boolean; message: string; result: T };
  if (!body.success) throw new Error(`${response.statusCode} ${body.message}`);
  return body.result;
};

const registerLoggers = async (t: TestApp, token: string, loggers: { gsn: string; key: string; timezone?: string }[]) =>
  succeeded(await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token, payload: { loggers } }));

/** Connects a registered logger and has it send its status (which also marks it online). */
const reportStatus = async (t: TestApp, gsn: string, key: string, status: { firmware: string; deviceType: string; brand: string; signal: number }): Promise<MqttClient> => {
  const client = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsn, key);
  connected.push(client);
  await publish(client, deviceTopics.status(gsn), { v: 1, ts: Date.now(), ip: '192.168.1.20', ...status });
  return client;
};

const operate = async (t: TestApp, token: string, payload: { gsno: string; op: string; batterySn?: string; val?: string }) =>
  succeeded<{ id: string }>(await t.request({ method: 'POST', url: '/boot/want/device/operate', token, payload }));

/** A user of another company (tenant 2) who installs loggers, signed in. */
const outsider = async (t: TestApp): Promise<string> => {
  const admin = await t.login('admin', adminPassword);
  await moveToTenant(t, await addUser(t, admin, { username: 'other_installer', selectedroles: 'r-installer' }), 2);
  return t.login('other_installer', 'Passw0rd1');
};

const cellularStatus = { firmware: 'V2.1.3', deviceType: '4G', brand: 'Cellsight', signal: -71 };

describeListEndpoint('loggers', {
  url: '/boot/want/logger/list',
  columns: loggerListColumns,
  permission: Permission.LoggerList,
  idField: 'gsn',
  async seed(t, admin) {
    await registerLoggers(t, admin, [
      { gsn: 'GSN24050001', key: 'reg-key-0001', timezone: 'Europe/Berlin' },
      { gsn: 'GSN24050002', key: 'reg-key-0002', timezone: 'Asia/Hong_Kong' },
      // Registered, never connected: offline and without a status.
      { gsn: 'GSN24050003', key: 'reg-key-0003' },
    ]);
    await reportStatus(t, 'GSN24050001', 'reg-key-0001', cellularStatus);
    await reportStatus(t, 'GSN24050002', 'reg-key-0002', { firmware: 'V2.0.9', deviceType: 'WiFi', brand: 'Voltmate', signal: 82 });
    // No call names a logger yet; an alias is written directly so the alias filters run too.
    await t.app.db.update(loggers).set({ alias: 'Rooftop east' }).where(eq(loggers.gsn, 'GSN24050001'));
  },
  async foreign(t) {
    await registerLoggers(t, await outsider(t), [{ gsn: 'GSN99990001', key: 'other-key-0001' }]);
    return 'GSN99990001';
  },
  writes: [
    { method: 'POST', url: '/boot/want/logger/registerBatch' },
    { method: 'POST', url: '/boot/want/device/operate' },
  ],
});

describeListEndpoint('batteries', {
  url: '/boot/want/battery/list',
  columns: batteryListColumns,
  permission: Permission.BatteryIndex,
  idField: 'batterySn',
  async seed(t, admin) {
    await registerLoggers(t, admin, [{ gsn: 'GSN24060001', key: 'reg-key-0001' }]);
    const logger = await reportStatus(t, 'GSN24060001', 'reg-key-0001', cellularStatus);
    const ts = Date.now() - 60_000;
    await publish(logger, deviceTopics.telemetry('GSN24060001'), {
      v: 1,
      samples: [
        sample('BAT-2406-A1', ts, { soc: 81.5 }),
        sample('BAT-2406-A2', ts, { state: 'discharge', soc: 42, current: -18, power: -921 }),
        sample('BAT-2406-A3', ts - 300_000, { state: 'idle', status: 'warning', soc: 12, current: 0, power: 0 }),
      ],
    });
  },
  async foreign(t) {
    const token = await outsider(t);
    await registerLoggers(t, token, [{ gsn: 'GSN99990002', key: 'other-key-0002' }]);
    const logger = await reportStatus(t, 'GSN99990002', 'other-key-0002', cellularStatus);
    await publish(logger, deviceTopics.telemetry('GSN99990002'), { v: 1, samples: [sample('BAT-9999-B1', Date.now() - 60_000)] });
    return 'BAT-9999-B1';
  },
  writes: [
    { method: 'POST', url: '/boot/want/device/operate' },
    { method: 'POST', url: '/boot/want/battery/edit' },
  ],
});

describeListEndpoint('commands', {
  url: '/boot/want/command/list',
  columns: commandListColumns,
  permission: Permission.CommandList,
  async seed(t, admin) {
    const gsn = 'GSN24070001';
    await registerLoggers(t, admin, [{ gsn, key: 'reg-key-0001' }]);
    const logger = await reportStatus(t, gsn, 'reg-key-0001', cellularStatus);
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-2407-A1', Date.now() - 60_000)] });
    // Each command is answered, so none is left for the timeout sweep to change mid-suite.
    const answer = async (id: string, ack: { code: number; upgradeState?: string; message?: string }) => publish(logger, deviceTopics.ack(gsn), { v: 1, id, ...ack });
    await answer((await operate(t, admin, { gsno: gsn, op: 'restart' })).id, { code: DeviceCode.OK });
    await answer((await operate(t, admin, { gsno: gsn, op: 'settings', batterySn: 'BAT-2407-A1', val: JSON.stringify({ eod: 46 }) })).id, { code: DeviceCode.OK });
    const upgrade = { version: '2.2.0', url: 'https://firmware.example/bms-2.2.0.bin', size: 524_288, sha256: 'c'.repeat(64) };
    await answer((await operate(t, admin, { gsno: gsn, op: 'upgrade', batterySn: 'BAT-2407-A1', val: JSON.stringify(upgrade) })).id, { code: 500, upgradeState: 'download_failed', message: 'download failed' });
  },
  async foreign(t) {
    const token = await outsider(t);
    await registerLoggers(t, token, [{ gsn: 'GSN99990003', key: 'other-key-0003' }]);
    await reportStatus(t, 'GSN99990003', 'other-key-0003', cellularStatus);
    return (await operate(t, token, { gsno: 'GSN99990003', op: 'restart' })).id;
  },
  writes: [{ method: 'POST', url: '/boot/want/device/operate' }],
});
