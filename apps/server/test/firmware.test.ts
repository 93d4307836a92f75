import { createHash } from 'node:crypto';
import { type CommandMessage, ServerCode, deviceTopics, firmwareEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLogger, publish, waitFor } from './support/device.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';
import { multipart } from './support/upload.js';

let t: TestApp;
let admin: string;
let installer: string;
let port: number;
const clients: MqttClient[] = [];
const adminLogger = { gsn: 'FWLOGGER01', key: 'fw-key-0001' };
const installerLogger = { gsn: 'FWLOGGER02', key: 'fw-key-0002' };

const content = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

const upload = (fields: Record<string, string>, file: Buffer | null = content, token = admin) =>
  t.request({
    method: 'POST',
    url: '/boot/want/firmware/upload',
    token,
    ...multipart([...(file ? [{ name: 'file', value: file, filename: 'gw-2.4.0.bin', type: 'application/octet-stream' }] : []), ...Object.entries(fields).map(([name, value]) => ({ name, value }))]),
  });
// Whatever Host a caller sends, the download address starts with PUBLIC_URL.
const operate = (payload: Record<string, unknown>, token = admin) => t.request({ method: 'POST', url: '/boot/want/device/operate', token, payload, headers: { host: 'phish.invalid' } });

/** Connects a logger, says it is online, and subscribes to its commands. */
const online = async ({ gsn, key }: { gsn: string; key: string }) => {
  const client = await connectLogger(port, gsn, key);
  clients.push(client);
  await client.subscribeAsync(deviceTopics.command(gsn), { qos: 1 });
  await publish(client, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
  await waitFor(async () => (await rows<{ online: boolean }>(sql`select online from tb_logger where gsn = ${gsn}`))[0]?.online, (value) => value === true);
  return client;
};

let loggerFirmware: string;
let batteryFirmware: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example.com/' });
  admin = await t.login('admin', adminPassword);
  await addUser(t, admin, { username: 'fw_installer', password: 'Installer1', selectedroles: 'r-installer', accountType: 'installer' });
  installer = await t.login('fw_installer', 'Installer1');
  port = t.app.devicePlane.brokerPort ?? 0;
  expect((await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [adminLogger] } })).json()).toMatchObject({ success: true });
  expect((await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: installer, payload: { loggers: [installerLogger] } })).json()).toMatchObject({ success: true });
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await t?.close();
});

describe('the firmware library', () => {
  it('stores an upload whose checksum matches, and lists it with its size and checksum', async () => {
    const answer = await upload({ version: '2.4.0', deviceType: 'logger', sha256: sha256(content).toUpperCase(), remark: 'Fixes the 4G watchdog' });
    expect(answer.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
    loggerFirmware = answer.json().result;
    batteryFirmware = (await upload({ version: '1.7.2', deviceType: 'battery', sha256: sha256(content) })).json().result;
    const list = (await t.request({ method: 'GET', url: '/boot/want/firmware/list', token: admin })).json().result;
    expect(list.total).toBe(2);
    expect(list.records).toContainEqual(expect.objectContaining({ id: loggerFirmware, version: '2.4.0', deviceType: 'logger', fileName: 'gw-2.4.0.bin', size: 4096, sha256: sha256(content), remark: 'Fixes the 4G watchdog', createBy: 'admin' }));
  });

  it('refuses a file that does not match its checksum, a version already kept, and missing fields, naming each field and storing nothing', async () => {
    const damaged = await upload({ version: '2.5.0', deviceType: 'logger', sha256: sha256(Buffer.from('something else')) });
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().result.errors).toEqual([expect.objectContaining({ field: 'sha256' })]);
    const again = await upload({ version: '2.4.0', deviceType: 'logger', sha256: sha256(content) });
    expect(again.json().result.errors).toEqual([{ field: 'version', message: 'already exists for the logger' }]);
    expect((await upload({ deviceType: 'logger', sha256: sha256(content) })).json().result.errors).toEqual([{ field: 'version', message: 'is required' }]);
    expect((await upload({ version: '2.6', deviceType: 'inverter', sha256: sha256(content) })).json().result.errors[0].field).toBe('deviceType');
    expect((await upload({ version: '2.6', deviceType: 'logger', sha256: sha256(content) }, null)).json().result.errors).toEqual([{ field: 'file', message: 'is required' }]);
    expect((await upload({ version: '2.6', deviceType: 'logger', sha256: sha256(Buffer.alloc(0)) }, Buffer.alloc(0))).json().result.errors).toEqual([{ field: 'file', message: 'is empty' }]);
    expect((await rows<{ count: number }>(sql`select cast(count(*) as integer) as count from tb_firmware`))[0]?.count).toBe(2);
  });

  it('offers whoever may send upgrades the files for one kind of device, newest first', async () => {
    const forBatteries = await t.call(firmwareEndpoints.versions, { token: installer, query: { deviceType: 'battery' } });
    expect(forBatteries.envelope.result).toEqual([expect.objectContaining({ id: batteryFirmware, version: '1.7.2', size: 4096 })]);
    const forLoggers = await t.call(firmwareEndpoints.versions, { token: installer, query: { deviceType: 'logger' } });
    expect(forLoggers.envelope.result.map((row) => row.version)).toEqual(['2.4.0']);
    expect((await t.request({ method: 'GET', url: '/boot/want/firmware/versions', token: installer, query: { deviceType: 'inverter' } })).statusCode).toBe(400);
  });

  it('is kept by administrators: an installer may neither list nor upload', async () => {
    expect((await t.request({ method: 'GET', url: '/boot/want/firmware/list', token: installer })).statusCode).toBe(403);
    expect((await upload({ version: '9.9.9', deviceType: 'logger', sha256: sha256(content) }, content, installer)).statusCode).toBe(403);
  });
});

describe('an upgrade from the library', () => {
  it('sends the logger a download address signed for it, with the file’s version, size and checksum; the logger gets exactly the file', async () => {
    const logger = await online(adminLogger);
    const received = new Promise<CommandMessage>((resolve) => logger.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    const sent = await operate({ gsno: adminLogger.gsn, op: 'upgrade', val: JSON.stringify({ firmwareId: loggerFirmware }) });
    expect(sent.json()).toMatchObject({ success: true });
    const target = JSON.parse((await received).val);
    expect(target).toMatchObject({ version: '2.4.0', size: 4096, sha256: sha256(content) });
    const address = new URL(target.url);
    expect(address.origin).toBe('https://console.example.com');
    expect(address.pathname).toBe(`/boot/want/firmware/download/${loggerFirmware}`);
    expect(address.searchParams.get('gsn')).toBe(adminLogger.gsn);

    const download = await t.request({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(sha256(download.rawPayload)).toBe(target.sha256);

    // Any change to the address is refused like an unknown file: another logger, a later expiry, another file.
    const tampered = (change: (query: URLSearchParams) => void, path = address.pathname) => {
      const query = new URLSearchParams(address.search);
      change(query);
      return t.request({ method: 'GET', url: `${path}?${query.toString()}` });
    };
    expect((await tampered((query) => query.set('gsn', installerLogger.gsn))).statusCode).toBe(404);
    expect((await tampered((query) => query.set('expires', String(Number(query.get('expires')) + 1)))).statusCode).toBe(404);
    expect((await tampered(() => undefined, `/boot/want/firmware/download/${batteryFirmware}`)).statusCode).toBe(404);
    expect((await tampered((query) => query.set('expires', String(Date.now() - 1000)))).statusCode).toBe(404);
  });

  it('refuses firmware for another kind of device, and a file that does not exist, naming val.firmwareId', async () => {
    const forBattery = await operate({ gsno: adminLogger.gsn, op: 'upgrade', val: JSON.stringify({ firmwareId: batteryFirmware }) });
    expect(forBattery.statusCode).toBe(400);
    expect(forBattery.json().result.errors).toEqual([{ field: 'val.firmwareId', message: 'is firmware for a battery, not for a logger' }]);
    const unknown = await operate({ gsno: adminLogger.gsn, op: 'upgrade', val: JSON.stringify({ firmwareId: 'no-such-firmware' }) });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets an installer upgrade its logger from the library, but not send it to an address of its own', async () => {
    await online(installerLogger);
    const ownAddress = await operate({ gsno: installerLogger.gsn, op: 'upgrade', val: JSON.stringify({ version: '6.6.6', url: 'https://elsewhere.example/x.bin', size: 10, sha256: 'c'.repeat(64) }) }, installer);
    expect(ownAddress.statusCode).toBe(400);
    expect(ownAddress.json().result.errors).toEqual([{ field: 'val.firmwareId', message: 'is required: choose a file of the firmware library' }]);
    const fromLibrary = await operate({ gsno: installerLogger.gsn, op: 'upgrade', val: JSON.stringify({ firmwareId: loggerFirmware }) }, installer);
    expect(fromLibrary.json()).toMatchObject({ success: true, result: { op: 'upgrade', status: 'sent' } });
  });

  it('deletes a file with its content: its download address answers 404 from then on', async () => {
    const [command] = await rows<{ val: string }>(sql`select val from tb_command where op = 'upgrade' and logger_gsn = ${adminLogger.gsn}`);
    const address = new URL(JSON.parse(command?.val ?? '{}').url);
    expect((await t.request({ method: 'DELETE', url: '/boot/want/firmware/delete', token: admin, query: { id: loggerFirmware } })).json()).toMatchObject({ success: true });
    expect((await t.request({ method: 'GET', url: `${address.pathname}${address.search}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/boot/want/firmware/delete', token: admin, query: { id: loggerFirmware } })).statusCode).toBe(404);
  });
});

describe('the demo’s firmware library', () => {
  it('starts with a battery and a logger version newer than the simulated devices run, so a remote upgrade can be tried on the quick start', async () => {
    const demo = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '1' });
    try {
      const installer = await demo.login('installer', 'Installer2026');
      const versions = async (deviceType: 'logger' | 'battery') => (await demo.call(firmwareEndpoints.versions, { token: installer, query: { deviceType } })).envelope.result.map((row) => row.version);
      expect(await versions('battery')).toEqual(['1.5.0']);
      expect(await versions('logger')).toEqual(['2.4.0']);
    } finally {
      await demo.close();
    }
  });
});
