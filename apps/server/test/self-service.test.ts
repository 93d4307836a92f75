import { ServerCode } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailBody, startSmsGateway, startSmtpServer } from './support/message-servers.js';
import { type TestApp, addUser, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/**
 * Register, find password, change of contact and phone sign-in, with codes that really leave: mail
 * through an in-process SMTP server, texts through a local SMS gateway.
 */
describe('self-service accounts with verification codes', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let installerId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sms = await startSmsGateway();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMS_GATEWAY_URL: sms.url, SIGNUP_INSTALLER: 'signupinstaller' });
    const admin = await t.login('admin', adminPassword);
    installerId = await addUser(t, admin, { username: 'signupinstaller', accountType: 'installer', selectedroles: 'r-installer' });
    await addUser(t, admin, { username: 'inviter', accountType: 'installer', selectedroles: 'r-installer', code: 'INV-2026' } as never);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });
  // The one-code-per-minute rule would slow every test down: each starts a minute later, as it were.
  beforeEach(async () => {
    await t.app.db.execute(sql`update sys_verification_code set create_time = create_time - interval '61 seconds'`);
  });

  const post = (url: string, payload: object, language = 'en-US') => t.request({ method: 'POST', url: `/boot${url}`, payload, headers: { 'accept-language': language } });
  /** The digits of the newest mail to `to` (decoded: nodemailer may wrap non-ASCII text). */
  const mailedCode = (to: string): string => {
    const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
    const code = mail ? /\b(\d{6})\b/.exec(mailBody(mail))?.[1] : undefined;
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  };
  const textedCode = (to: string): string => {
    const code = sms.received.filter((m) => m.to === to).at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${to}`);
    return code;
  };
  const register = (body: object) => post('/sys/user/register', { password: 'Secret123', confirmPassword: 'Secret123', ...body });

  it('registers an end user under the default installer with the code mailed in the visitor’s language', async () => {
    const sent = await post('/sys/sms', { email: 'New.Owner@example.com', smsmode: '1' }, 'de-DE');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().result.resendAfterMs).toBe(60_000);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['New.Owner@example.com']);
    expect(mailBody(mail)).toContain('Ihr Registrierungscode lautet');

    const response = await register({ username: 'newowner', email: 'New.Owner@example.com', smscode: mailedCode('New.Owner@example.com') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().code).toBe(ServerCode.REGISTERED);

    const token = await t.login('newowner', 'Secret123');
    const me = await t.request({ method: 'GET', url: '/boot/sys/user/queryById?id=', token });
    expect(me.statusCode).toBeLessThan(500);
    const [row] = await queryRows<{ account_type: string; superior_id: string; email: string }>(t, sql`select account_type, superior_id, email from sys_user where username = 'newowner'`);
    expect(row).toEqual({ account_type: 'end_user', superior_id: installerId, email: 'New.Owner@example.com' });
    // Only the hash of a code is stored.
    const codes = await queryRows<{ code_hash: string }>(t, sql`select code_hash from sys_verification_code`);
    expect(codes.every((c) => /^[0-9a-f]{64}$/.test(c.code_hash))).toBe(true);
  });

  it('puts an invited visitor under the inviting installer', async () => {
    await post('/sys/sms', { mobile: '13800000001', smsmode: '1' });
    const response = await register({ username: 'invited', phone: '13800000001', smscode: textedCode('13800000001'), invite: 'INV-2026' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await queryRows<{ username: string }>(t, sql`select u.superior_id, i.username from sys_user u join sys_user i on i.id = u.superior_id where u.username = 'invited'`);
    expect(row?.username).toBe('inviter');
  });

  it('refuses a used (4015), wrong (4014) and expired (4013) code, and writes nothing', async () => {
    await post('/sys/sms', { email: 'twice@example.com', smsmode: '1' });
    const code = mailedCode('twice@example.com');
    expect((await register({ username: 'twiceone', email: 'twice@example.com', smscode: code })).statusCode).toBe(200);

    // The same code again (another name, and the address freed again by renaming the first account).
    await t.app.db.execute(sql`update sys_user set email = null where username = 'twiceone'`);
    const reused = await register({ username: 'twicetwo', email: 'twice@example.com', smscode: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ success: false, code: ServerCode.CODE_ALREADY_USED });

    await post('/sys/sms', { email: 'wrong@example.com', smsmode: '1' });
    const right = mailedCode('wrong@example.com');
    const wrongCode = right === '000000' ? '000001' : '000000';
    const wrong = await register({ username: 'wrongcode', email: 'wrong@example.com', smscode: wrongCode });
    expect(wrong.json()).toMatchObject({ code: ServerCode.VERIFICATION_CODE_WRONG });
    expect(wrong.json().message).toMatch(/smscode|attempt/);

    await t.app.db.execute(sql`update sys_verification_code set expires_at = now() - interval '1 second' where target = 'wrong@example.com'`);
    const expired = await register({ username: 'wrongcode', email: 'wrong@example.com', smscode: right });
    expect(expired.json()).toMatchObject({ code: ServerCode.VERIFICATION_CODE_INVALID });
    const users = await queryRows(t, sql`select username from sys_user where username in ('twicetwo', 'wrongcode')`);
    expect(users).toEqual([]);
  });

  it('spends a code after five wrong guesses', async () => {
    await post('/sys/sms', { email: 'guess@example.com', smsmode: '1' });
    const right = mailedCode('guess@example.com');
    const guesses = ['111111', '222222', '333333', '444444', '555555'].filter((g) => g !== right).slice(0, 5);
    const codes: number[] = [];
    for (const guess of guesses) codes.push((await register({ username: 'guesser', email: 'guess@example.com', smscode: guess })).json().code);
    expect(codes.slice(0, guesses.length - 1).every((c) => c === ServerCode.VERIFICATION_CODE_WRONG)).toBe(true);
    const late = await register({ username: 'guesser', email: 'guess@example.com', smscode: right });
    expect(late.json().code).toBe(ServerCode.VERIFICATION_CODE_INVALID);
  });

  it('answers 4010, 4011 and 4012 for a taken name, mobile or e-mail', async () => {
    const name = await register({ username: 'admin', email: 'someone@example.com', smscode: '123456' });
    expect(name.json()).toMatchObject({ code: ServerCode.USERNAME_REGISTERED });
    expect((await post('/sys/sms', { mobile: '13800000001', smsmode: '1' })).json()).toMatchObject({ code: ServerCode.MOBILE_REGISTERED });
    expect((await post('/sys/sms', { email: 'NEW.owner@example.com', smsmode: '1' })).json()).toMatchObject({ code: ServerCode.EMAIL_REGISTERED });
  });

  it('names the field of a bad request', async () => {
    const both = await post('/sys/sms', { mobile: '13800000009', email: 'x@example.com', smsmode: '1' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('mobile');
    const weak = await register({ username: 'weakling', email: 'weak@example.com', smscode: '123456', password: 'abcdef', confirmPassword: 'abcdef' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('password');
    const differ = await register({ username: 'differ', email: 'differ@example.com', smscode: '123456', confirmPassword: 'Other1234' });
    expect(differ.json()).toMatchObject({ code: ServerCode.PASSWORDS_DO_NOT_MATCH });
  });

  it('limits codes per address: one a minute', async () => {
    expect((await post('/sys/sms', { email: 'limit@example.com', smsmode: '1' })).statusCode).toBe(200);
    const again = await post('/sys/sms', { email: 'limit@example.com', smsmode: '1' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: ServerCode.TOO_MANY_REQUESTS });
  });

  it('finds a password in steps: code to the account’s own address, check, new password, other sessions end', async () => {
    const oldSession = await t.login('newowner', 'Secret123');
    // A wrong pairing of account and address sends nothing, and says the same.
    const stranger = await post('/sys/sms', { email: 'stranger@example.com', smsmode: '2', username: 'newowner' });
    expect(stranger.statusCode).toBe(200);
    expect(smtp.received.some((m) => m.to.includes('stranger@example.com'))).toBe(false);

    const sent = await post('/sys/sms', { email: 'new.owner@example.com', smsmode: '2', username: 'newowner' }, 'zh-CN');
    expect(sent.statusCode, sent.body).toBe(200);
    const code = mailedCode('new.owner@example.com');
    expect(mailBody(smtp.received.at(-1)!)).toContain(`您设置新密码的验证码是 ${code}`);

    const checked = await post('/sys/user/phoneVerification', { username: 'newowner', email: 'new.owner@example.com', smscode: code });
    expect(checked.json()).toMatchObject({ success: true, code: ServerCode.VERIFIED, result: { username: 'newowner' } });
    const changed = await post('/sys/user/passwordChange', { username: 'newowner', email: 'new.owner@example.com', smscode: code, password: 'Renewed123', confirmPassword: 'Renewed123' });
    expect(changed.json()).toMatchObject({ success: true, code: ServerCode.PASSWORD_RESET });

    expect((await t.request({ method: 'GET', url: '/boot/sys/permission/getUserPermissionByToken', token: oldSession })).statusCode).toBe(401);
    await expect(t.login('newowner', 'Secret123')).rejects.toThrow();
    await t.login('newowner', 'Renewed123');
    // The code worked once.
    const again = await post('/sys/user/passwordChange', { username: 'newowner', email: 'new.owner@example.com', smscode: code, password: 'Another123', confirmPassword: 'Another123' });
    expect(again.json().code).toBe(ServerCode.CODE_ALREADY_USED);
  });

  it('changes an account’s mobile with its password and a code to the new number', async () => {
    await post('/sys/sms', { mobile: '13900000002', smsmode: '3' });
    const code = textedCode('13900000002');
    const wrongPassword = await post('/sys/user/alteration', { username: 'newowner', password: 'Nope12345', phone: '13900000002', smscode: code });
    expect(wrongPassword.json().code).toBe(ServerCode.WRONG_CREDENTIALS);
    const changed = await post('/sys/user/alteration', { username: 'newowner', password: 'Renewed123', phone: '13900000002', smscode: code });
    expect(changed.json()).toMatchObject({ success: true, code: ServerCode.EDITED });
    const [row] = await queryRows<{ phone: string }>(t, sql`select phone from sys_user where username = 'newowner'`);
    expect(row?.phone).toBe('13900000002');

    expect((await post('/sys/sms', { mobile: '13800000001', smsmode: '3' })).json().code).toBe(ServerCode.MOBILE_REGISTERED);
    const same = await post('/sys/user/alteration', { username: 'newowner', password: 'Renewed123', phone: '13900000002', smscode: code });
    expect(same.json().code).toBe(ServerCode.CHANGING_MOBILE_FAILED);
  });

  it('tells the old e-mail address when the account’s address changes', async () => {
    await post('/sys/sms', { email: 'owner.moved@example.com', smsmode: '3' });
    const changed = await post('/sys/user/alteration', { username: 'newowner', password: 'Renewed123', email: 'owner.moved@example.com', smscode: mailedCode('owner.moved@example.com') }, 'de-DE');
    expect(changed.json()).toMatchObject({ success: true, code: ServerCode.EDITED });
    const notice = smtp.received.filter((m) => m.to.includes('New.Owner@example.com')).at(-1)!;
    expect(mailBody(notice)).toContain('Die E-Mail-Adresse Ihres Kontos newowner wurde in o***@example.com geändert.');
  });

  it('signs in with a code texted to the account’s mobile', async () => {
    const sent = await post('/sys/sms', { mobile: '13900000002', smsmode: '0' });
    expect(sent.statusCode).toBe(200);
    const login = await post('/sys/phoneLogin', { mobile: '13900000002', captcha: textedCode('13900000002') });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().result.userInfo.username).toBe('newowner');
    // A number nobody holds gets the same answer and no text.
    const before = sms.received.length;
    expect((await post('/sys/sms', { mobile: '13700000000', smsmode: '0' })).statusCode).toBe(200);
    expect(sms.received.length).toBe(before);
    expect((await post('/sys/phoneLogin', { mobile: '13700000000', captcha: '123456' })).json().code).toBe(ServerCode.VERIFICATION_CODE_INVALID);
  });
});

describe('closed registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP: 'closed' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses codes for and attempts at registration', async () => {
    const sent = await t.request({ method: 'POST', url: '/boot/sys/sms', payload: { email: 'x@example.com', smsmode: '1' } });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().code).toBe(ServerCode.REGISTRATION_FAILED);
  });

  it('keeps codes in the outbox when no mail server is configured', async () => {
    await t.request({ method: 'POST', url: '/boot/sys/sms', payload: { email: 'keep@example.com', smsmode: '3' } });
    const rows = await queryRows<{ status: string; body: string }>(t, sql`select status, body from sys_outbox where recipient = 'keep@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('kept');
    expect(rows[0]?.body).toMatch(/\d{6}/);
  });
});
