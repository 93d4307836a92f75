import { type CommandMessage, ServerCode, deviceTopics } from '@cellsight/contract';
import { loggerSigningKey, verifyCommand } from '@cellsight/contract/device-crypto';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggers } from '../src/db/schema.js';
import { connectLogger, publish, waitFor } from './support/device.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let port: number;
const gsn = 'KEYLOGGER01';
const oldKey = 'old-key-0001';
const newKey = 'new-key-0002';
const clients: MqttClient[] = [];

const rotate = (payload: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/boot/want/logger/rotateKey', token, payload });
const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
const online = async () => (await rows<{ online: boolean }>(sql`select online from tb_logger where gsn = ${gsn}`))[0]?.online;
/** The CONNACK return code of a refused connection (MQTT 3.1.1), or 0 when it was accepted. */
const connackCode = async (key: string): Promise<number> => {
  try {
    clients.push(await connectLogger(port, gsn, key));
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  port = t.app.devicePlane.brokerPort ?? 0;
  const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn, key: oldKey }] } });
  expect(registered.json()).toMatchObject({ success: true });
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await t?.close();
});

describe('logger key rotation', () => {
  it('changes the key: the connected logger is dropped, its old password refused (CONNACK 5), the new one accepted, and commands signed with the new key', async () => {
    const logger = await connectLogger(port, gsn, oldKey);
    clients.push(logger);
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await waitFor(online, (value) => value === true);
    const dropped = new Promise<void>((resolve) => logger.once('close', () => resolve()));

    const answer = await rotate({ gsn, key: newKey });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, code: ServerCode.EDITED });
    await dropped;
    await waitFor(online, (value) => value === false);

    expect(await connackCode(oldKey)).toBe(5);
    expect(await connackCode(newKey)).toBe(0);
    const renewed = clients[clients.length - 1] as MqttClient;
    await publish(renewed, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await waitFor(online, (value) => value === true);
    const received = new Promise<CommandMessage>((resolve) => renewed.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    await renewed.subscribeAsync(deviceTopics.command(gsn), { qos: 1 });
    const sent = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload: { gsno: gsn, op: 'restart' } });
    expect(sent.json()).toMatchObject({ success: true });
    const command = await received;
    expect(verifyCommand(command, loggerSigningKey(gsn, newKey))).toBe(true);
    expect(verifyCommand(command, loggerSigningKey(gsn, oldKey))).toBe(false);
  });

  it('writes the rotation to the operation log, naming the logger and the administrator', async () => {
    const logs = await t.request({ method: 'GET', url: '/boot/sys/log/list', token: admin, query: { logType: '2', keyWord: gsn } });
    expect(logs.json().result.records).toEqual([expect.objectContaining({ logContent: `Changed the registration key of logger ${gsn}`, userid: 'admin' })]);
  });

  it('refuses the current key again, naming the field', async () => {
    const answer = await rotate({ gsn, key: newKey });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().result.errors).toEqual([{ field: 'key', message: 'must differ from the current key' }]);
  });

  it('refuses a key outside the registration rule, naming the field', async () => {
    for (const key of ['short', 'has a space in it', 'x'.repeat(65)]) {
      const answer = await rotate({ gsn, key });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().result.errors.map((e: { field: string }) => e.field)).toEqual(['key']);
    }
    const [row] = await rows<{ registration_key: string }>(sql`select registration_key from tb_logger where gsn = ${gsn}`);
    expect(row?.registration_key).toBe(newKey);
  });

  it('answers 404 for a logger outside the caller’s tenants, as for one that does not exist', async () => {
    await t.app.db.execute(sql`insert into sys_tenant (id, name) values (77, 'Tenant 77') on conflict do nothing`);
    await t.app.db.insert(loggers).values({ gsn: 'FOREIGN0001', registrationKey: 'foreign-key-01', tenantId: 77 });
    const foreign = await rotate({ gsn: 'FOREIGN0001', key: 'another-key-01' });
    const missing = await rotate({ gsn: 'NOSUCHLOGGER', key: 'another-key-01' });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().code).toBe(missing.json().code);
    const [row] = await rows<{ registration_key: string }>(sql`select registration_key from tb_logger where gsn = 'FOREIGN0001'`);
    expect(row?.registration_key).toBe('foreign-key-01');
  });

  it('is for administrators only: an installer, who may register loggers, is refused with 403', async () => {
    await addUser(t, admin, { username: 'key_installer', password: 'Installer1', selectedroles: 'r-installer' });
    const installer = await t.login('key_installer', 'Installer1');
    const answer = await rotate({ gsn, key: 'installer-key-01' }, installer);
    expect(answer.statusCode).toBe(403);
    const [row] = await rows<{ registration_key: string }>(sql`select registration_key from tb_logger where gsn = ${gsn}`);
    expect(row?.registration_key).toBe(newKey);
  });
});
