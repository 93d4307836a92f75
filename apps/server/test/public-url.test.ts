import { createHash } from 'node:crypto';
import { ServerCode, deviceTopics, upgradeRefusals } from '@cellsight/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { outbox, users } from '../src/db/schema.js';
import { connectLogger, publish, waitFor } from './support/device.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';
import { multipart } from './support/upload.js';

/** Whatever Host a caller sends, no outward link is built from it. */
const attacker = { host: 'phish.invalid' };

/**
 * With PUBLIC_URL unset (the default) the platform has no address of its own to send out: ticket
 * mail carries no link, an upgrade from the firmware library is refused naming the setting, and
 * OAuth sign-in does not start. Never the request's Host instead (tickets.test.ts and
 * firmware.test.ts check the links with PUBLIC_URL set).
 */
describe('outward links without PUBLIC_URL', () => {
  let t: TestApp;
  let admin: string;
  let enduser: string;
  let installer: string;
  let stationId: string;
  const logger = { gsn: 'PUBURL0001', key: 'pub-url-key-0001' };
  let client: MqttClient | undefined;

  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
    admin = await t.login('admin', adminPassword);
    enduser = await t.login('enduser', 'Enduser2026');
    installer = await t.login('installer', 'Installer2026');
    await t.app.db.update(users).set({ email: 'installer@example.com' }).where(eq(users.username, 'installer'));
    await t.app.db.update(users).set({ email: 'enduser@example.com' }).where(eq(users.username, 'enduser'));
    const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [logger] } });
    expect(registered.json()).toMatchObject({ success: true });
    const station = await t.request({
      method: 'POST',
      url: '/boot/want/tbStation/add_station?from=EUR',
      token: admin,
      payload: { name: 'Public URL station', logger: JSON.stringify([{ gsn: logger.gsn, key: logger.key, product_code: `${logger.gsn}-M` }]), masterId: 'u-demo-end-user' },
    });
    expect(station.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
    stationId = station.json().message;
  }, 120_000);
  afterAll(async () => {
    client?.end(true);
    await t?.close();
  });

  const mailTo = (recipient: string) => waitFor(() => t.app.db.select({ subject: outbox.subject, body: outbox.body }).from(outbox).where(and(eq(outbox.channel, 'mail'), eq(outbox.recipient, recipient))), (rows) => rows.length > 0);

  it("mails a ticket's handlers and its submitter without a link, never one to the request's host", async () => {
    const filed = await t.request({
      method: 'POST',
      url: '/boot/want/ticket/add',
      token: enduser,
      headers: attacker,
      payload: { title: 'Pack offline', category: 'defect', stationId, contact: 'Erika Muster', contact_mobile: '13812345678', description: 'Since this morning.' },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const [created] = await mailTo('installer@example.com');
    expect(created?.body).toContain(filed.json().message);
    expect(created?.body).toContain('Since this morning.');
    const replied = await t.request({ method: 'POST', url: '/boot/want/ticket/reply', token: installer, headers: attacker, payload: { ticketId: filed.json().result, content: 'We are on our way.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    const [reply] = await mailTo('enduser@example.com');
    expect(reply?.body).toContain('We are on our way.');
    for (const mail of [created, reply]) {
      expect(mail?.body).not.toContain('phish.invalid');
      expect(mail?.body).not.toContain('/worklist/detail');
      expect(mail?.body).not.toContain('Open it in the console');
    }
  });

  it('refuses an upgrade from the firmware library, naming PUBLIC_URL, and sends the logger nothing', async () => {
    const content = Buffer.from('firmware without an address '.repeat(50));
    const uploaded = await t.request({
      method: 'POST',
      url: '/boot/want/firmware/upload',
      token: admin,
      ...multipart([
        { name: 'file', value: content, filename: 'gw-3.0.0.bin', type: 'application/octet-stream' },
        { name: 'version', value: '3.0.0' },
        { name: 'deviceType', value: 'logger' },
        { name: 'sha256', value: createHash('sha256').update(content).digest('hex') },
      ]),
    });
    expect(uploaded.json()).toMatchObject({ success: true });
    client = await connectLogger(t.app.devicePlane.brokerPort ?? 0, logger.gsn, logger.key);
    const received: string[] = [];
    client.on('message', (topic) => received.push(topic));
    await client.subscribeAsync(deviceTopics.command(logger.gsn), { qos: 1 });
    await publish(client, deviceTopics.state(logger.gsn), { v: 1, online: true, ts: Date.now() });
    const online = async () => ((await t.app.db.execute(sql`select online from tb_logger where gsn = ${logger.gsn}`)) as unknown as { rows: { online: boolean }[] }).rows[0]?.online;
    await waitFor(online, (value) => value === true);

    const sent = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, headers: attacker, payload: { gsno: logger.gsn, op: 'upgrade', val: JSON.stringify({ firmwareId: uploaded.json().result }) } });
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ success: false, code: ServerCode.OPERATION_FAILED, message: upgradeRefusals.noPublicUrl });
    expect(sent.json().message).toContain('PUBLIC_URL');
    const commands = (await t.app.db.execute(sql`select count(*)::int as n from tb_command where logger_gsn = ${logger.gsn}`)) as unknown as { rows: { n: number }[] };
    expect(commands.rows[0]?.n).toBe(0);
    // A restart is not an upgrade: it needs no address and goes out (and, after it, nothing else came).
    const restart = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload: { gsno: logger.gsn, op: 'restart' } });
    expect(restart.json()).toMatchObject({ success: true });
    await waitFor(async () => received.length, (n) => n > 0);
    expect(received).toEqual([deviceTopics.command(logger.gsn)]);
  });

  it('does not start with OAuth sign-in configured and no PUBLIC_URL to give the provider', () => {
    const oauth = {
      DATA_DIR: t.dataDir,
      OAUTH_AUTHORIZE_URL: 'https://id.example.com/authorize',
      OAUTH_TOKEN_URL: 'https://id.example.com/token',
      OAUTH_USERINFO_URL: 'https://id.example.com/userinfo',
      OAUTH_CLIENT_ID: 'cellsight',
      OAUTH_CLIENT_SECRET: 'secret',
    };
    expect(() => loadConfig(oauth)).toThrow(ConfigError);
    expect(() => loadConfig(oauth)).toThrow(/PUBLIC_URL: needed with OAUTH_\*/);
    expect(loadConfig({ ...oauth, PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe('https://console.example.com');
  });
});
