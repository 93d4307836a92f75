import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OutboxRecord, Permission, ServerCode, menuEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.js';
import { closedPort, startSmsGateway, startSmtpServer } from './support/message-servers.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';


const testMail = (t: TestApp, token: string, to: unknown, language = 'en-US') =>
  t.request({ method: 'POST', url: '/boot/sys/outbox/testMail', token, payload: { to }, headers: { 'accept-language': language } });
const list = async (t: TestApp, token: string): Promise<OutboxRecord[]> => {
  const response = await t.request({ method: 'GET', url: '/boot/sys/outbox/list?pageSize=50', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.records as OutboxRecord[];
};

describe('the outbox without SMTP (the quick start)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
    admin = await t.login('admin', adminPassword);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the message for administrators to read, in the language of who asked', async () => {
    const response = await testMail(t, admin, 'ops@example.com', 'de-DE');
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json().result as OutboxRecord;
    expect(message).toMatchObject({ channel: 'mail', recipient: 'ops@example.com', status: 'kept', error: null, sentTime: null, createBy: 'admin' });
    expect(message.subject).toBe('Cellsight: Testnachricht');
    expect(message.body).toContain('admin');
    const records = await list(t, admin);
    expect(records.map((r) => r.id)).toContain(message.id);
    expect(records.find((r) => r.id === message.id)?.body).toBe(message.body);
  });

  it('refuses an address that is not one, naming the field, and stores nothing', async () => {
    const before = (await list(t, admin)).length;
    const response = await testMail(t, admin, 'not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(response.json().message).toContain('to');
    expect((await list(t, admin)).length).toBe(before);
  });

  it('is the administrators’ alone', async () => {
    const installer = await t.login('installer', 'Installer2026');
    expect((await t.request({ method: 'GET', url: '/boot/sys/outbox/list', token: installer })).statusCode).toBe(403);
    expect((await testMail(t, installer, 'ops@example.com')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/boot/sys/outbox/list' })).statusCode).toBe(401);
    // The administrator's menu carries the screen and its test button.
    const menu = (await t.call(menuEndpoints.userPermissions, { token: admin })).envelope.result;
    expect(JSON.stringify(menu.menu)).toContain('/system/outbox');
    expect(menu.auth.map((a) => a.action)).toEqual(expect.arrayContaining([Permission.OutboxList, Permission.OutboxTest]));
  });
});

describe('the outbox with SMTP', () => {
  let t: TestApp;
  let admin: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The stand-in servers listen on loopback, which only OUTBOUND_ALLOW opens.
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Cellsight <noreply@cellsight.test>', OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.login('admin', adminPassword);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends through the SMTP server and records it as sent', async () => {
    const response = await testMail(t, admin, 'installer@example.com', 'zh-CN');
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json().result as OutboxRecord;
    expect(message.status).toBe('sent');
    expect(message.sentTime).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['installer@example.com']);
    expect(smtp.received[0]?.data).toContain('From: Cellsight <noreply@cellsight.test>');
    // The subject in the asker's language (encoded as the mail standard wants for non-ASCII).
    expect(smtp.received[0]?.data).toMatch(/Subject: =\?UTF-8\?/);
    expect(message.subject).toBe('Cellsight：测试邮件');
  });

  it('sends again what failed or was kept (the scheduled job outbox.resend), once, and not what is older than a day', async () => {
    const written = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const rows = [
      { id: 'resend-failed', status: 'failed', error: 'connect ECONNREFUSED', recipient: 'failed@example.com', createTime: written(10) },
      { id: 'resend-kept', status: 'kept', error: null, recipient: 'kept@example.com', createTime: written(30) },
      { id: 'resend-stale', status: 'failed', error: 'timeout', recipient: 'stale@example.com', createTime: written(25 * 60) },
      // Its first attempt may still be under way.
      { id: 'resend-fresh', status: 'kept', error: null, recipient: 'fresh@example.com', createTime: written(0) },
    ];
    await t.app.db.insert(outbox).values(rows.map((row) => ({ ...row, tenantId: 1, channel: 'mail', subject: 'Alarm', body: 'Battery low' })));
    const before = smtp.received.length;
    const reports = await Promise.all([t.app.outbox.resendUnsent(), t.app.outbox.resendUnsent()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(2);
    expect(smtp.received.slice(before).flatMap((mail) => mail.to).sort()).toEqual(['failed@example.com', 'kept@example.com']);
    const status = new Map((await list(t, admin)).map((record) => [record.id, record.status]));
    expect([...['resend-failed', 'resend-kept', 'resend-stale', 'resend-fresh'].map((id) => status.get(id))]).toEqual(['sent', 'sent', 'failed', 'kept']);
  });

  it('leaves a message that another resend is sending, and sends one whose resend was abandoned', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const rows = [
      { id: 'resend-busy', error: `being sent again since ${minutesAgo(0).toISOString()}`, recipient: 'busy@example.com' },
      { id: 'resend-abandoned', error: `being sent again since ${minutesAgo(30).toISOString()}`, recipient: 'abandoned@example.com' },
    ];
    await t.app.db.insert(outbox).values(rows.map((row) => ({ ...row, status: 'failed', createTime: minutesAgo(40), tenantId: 1, channel: 'mail', subject: 'Alarm', body: 'Battery low' })));
    const before = smtp.received.length;
    expect((await t.app.outbox.resendUnsent()).sent).toBe(1);
    expect(smtp.received.slice(before).flatMap((mail) => mail.to)).toEqual(['abandoned@example.com']);
  });
});

describe('the outbox when the SMTP server cannot be reached', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.login('admin', adminPassword);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records the message as failed with the reason, and keeps it', async () => {
    const response = await testMail(t, admin, 'ops@example.com');
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json().result as OutboxRecord;
    expect(message.status).toBe('failed');
    expect(message.error).toMatch(/ECONNREFUSED|connect/i);
    expect((await list(t, admin)).find((r) => r.id === message.id)?.status).toBe('failed');
  });
});

describe('texts through the SMS gateway', () => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let refusing: Awaited<ReturnType<typeof startSmsGateway>>;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    refusing = await startSmsGateway(402);
    t = await createTestApp({ SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'gateway-secret', OUTBOUND_ALLOW: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
    await refusing?.close();
  });

  it('posts the text to the gateway with its token and records it as sent', async () => {
    const message = await t.app.outbox.sendSms(1, { to: '+8613800000000', subject: 'Sign-in code', text: 'Your code is 123456' }, null);
    expect(message.channel).toBe('sms');
    expect(message.status).toBe('sent');
    expect(gateway.received).toEqual([{ to: '+8613800000000', text: 'Your code is 123456', authorization: 'Bearer gateway-secret' }]);
  });

  it('keeps the gateway’s refusal as the reason', async () => {
    const other = await createTestApp({ SMS_GATEWAY_URL: refusing.url, OUTBOUND_ALLOW: '127.0.0.1' });
    try {
      const message = await other.app.outbox.sendSms(1, { to: '+8613800000001', subject: 'Sign-in code', text: 'Your code is 654321' }, null);
      expect(message.status).toBe('failed');
      expect(message.error).toContain('402');
    } finally {
      await other.close();
    }
  });
});

describe('mail and texts and the destination policy', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let redirector: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    gateway = await startSmsGateway();
    // A gateway on another loopback address that sends every text on to the real one (on 127.0.0.1).
    const server = createServer((_request, response) => response.writeHead(307, { location: gateway.url }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    redirector = { url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/send`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  });
  afterAll(async () => {
    await smtp?.close();
    await gateway?.close();
    await redirector?.close();
  });

  it('sends neither mail nor texts to this machine without OUTBOUND_ALLOW, and says why', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'gateway-secret' });
    try {
      const admin = await t.login('admin', adminPassword);
      const mail = (await testMail(t, admin, 'ops@example.com')).json().result as OutboxRecord;
      expect(mail).toMatchObject({ status: 'failed', error: expect.stringContaining('127.0.0.1 is a loopback address') });
      const text = await t.app.outbox.sendSms(1, { to: '+8613800000002', subject: 'Sign-in code', text: 'Your code is 111111' }, null);
      expect(text).toMatchObject({ status: 'failed', error: expect.stringContaining('127.0.0.1 is a loopback address') });
      expect(smtp.received).toHaveLength(0);
      expect(gateway.received).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('follows a redirect of the SMS gateway only where the policy allows', async () => {
    const t = await createTestApp({ SMS_GATEWAY_URL: redirector.url, SMS_GATEWAY_TOKEN: 'gateway-secret', OUTBOUND_ALLOW: '127.0.0.2' });
    try {
      const text = await t.app.outbox.sendSms(1, { to: '+8613800000003', subject: 'Sign-in code', text: 'Your code is 222222' }, null);
      expect(text).toMatchObject({ status: 'failed', error: expect.stringContaining('127.0.0.1 is a loopback address') });
      expect(gateway.received).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
