import { ServerCode, menuEndpoints, verificationLimits } from '@cellsight/contract';
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
    // The mail server and the SMS gateway listen on loopback, which only OUTBOUND_ALLOW opens.
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMS_GATEWAY_URL: sms.url, SIGNUP_INSTALLER: 'signupinstaller', OUTBOUND_ALLOW: '127.0.0.1' });
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

    // A code no installer or distributor has: 4009 (code does not exist) on the field, and no account.
    await post('/sys/sms', { mobile: '13800000002', smsmode: '1' });
    const unknown = await register({ username: 'uninvited', phone: '13800000002', smscode: textedCode('13800000002'), invite: 'NO-SUCH-CODE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: ServerCode.CODE_DOES_NOT_EXIST, result: { errors: [{ field: 'invite' }] } });
    expect(await queryRows(t, sql`select id from sys_user where username = 'uninvited'`)).toEqual([]);
  });

  it('refuses a used code (4015), and a wrong and an expired one in the same words (4013), and writes nothing', async () => {
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
    expect(wrong.json()).toMatchObject({ code: ServerCode.VERIFICATION_CODE_INVALID, result: { errors: [{ field: 'smscode' }] } });

    await t.app.db.execute(sql`update sys_verification_code set expires_at = now() - interval '1 second' where target = 'wrong@example.com'`);
    const expired = await register({ username: 'wrongcode', email: 'wrong@example.com', smscode: right });
    expect(expired.json()).toMatchObject({ code: ServerCode.VERIFICATION_CODE_INVALID, message: wrong.json().message });
    const users = await queryRows(t, sql`select username from sys_user where username in ('twicetwo', 'wrongcode')`);
    expect(users).toEqual([]);
  });

  it('refuses an address even the right code after its five wrong guesses', async () => {
    await post('/sys/sms', { email: 'guess@example.com', smsmode: '1' });
    const right = mailedCode('guess@example.com');
    const guesses = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((g) => g !== right).slice(0, 5);
    const codes: number[] = [];
    for (const guess of guesses) codes.push((await register({ username: 'guesser', email: 'guess@example.com', smscode: guess })).json().code);
    expect(codes.every((c) => c === ServerCode.VERIFICATION_CODE_INVALID)).toBe(true);
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

    expect((await t.call(menuEndpoints.userPermissions, { token: oldSession })).statusCode).toBe(401);
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

/**
 * What a stranger learns from the public code checks (nothing: one answer for every refusal) and
 * whose guesses they spend (their own address's, not the owner's). Addresses are set per request,
 * as the client address Fastify reports (`remoteAddress`; behind a proxy, TRUST_PROXY's X-Forwarded-For).
 */
describe('verification codes: one answer for every refusal, guesses counted per address', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  const owner = '203.0.113.10';
  const stranger = '198.51.100.7';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sms = await startSmsGateway();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMS_GATEWAY_URL: sms.url, OUTBOUND_ALLOW: '127.0.0.1' });
    const admin = await t.login('admin', adminPassword);
    await addUser(t, admin, { username: 'holder', email: 'holder@example.com', phone: '13600000001' });
    await addUser(t, admin, { username: 'bystander', email: 'bystander@example.com', phone: '13600000002' });
    await addUser(t, admin, { username: 'third', phone: '13600000003' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });
  beforeEach(async () => {
    await t.app.db.execute(sql`update sys_verification_code set create_time = create_time - interval '61 seconds'`);
  });

  const post = (url: string, payload: object, from = owner) => t.request({ method: 'POST', url: `/boot${url}`, payload, remoteAddress: from });
  /** What a refusal tells: everything but the time it was given. */
  const told = async (response: Promise<Awaited<ReturnType<typeof post>>>) => {
    const answer = await response;
    const { timestamp: _timestamp, ...body } = answer.json();
    return { status: answer.statusCode, ...body };
  };
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
  const otherThan = (code: string, n = 0) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
  const newPassword = { password: 'Renewed123', confirmPassword: 'Renewed123' };

  it('answers a wrong find-password code the same whether or not a code went to that account at that address', async () => {
    expect((await post('/sys/sms', { email: 'holder@example.com', smsmode: '2', username: 'holder' })).statusCode).toBe(200);
    const wrong = otherThan(mailedCode('holder@example.com'));
    for (const url of ['/sys/user/passwordChange', '/sys/user/phoneVerification']) {
      const extra = url.endsWith('passwordChange') ? newPassword : {};
      const answers = [
        // A code was sent to this account at this address.
        await told(post(url, { username: 'holder', email: 'holder@example.com', smscode: wrong, ...extra }, stranger)),
        // The address is another account's; the account has another address; no such account.
        await told(post(url, { username: 'holder', email: 'bystander@example.com', smscode: wrong, ...extra }, stranger)),
        await told(post(url, { username: 'bystander', email: 'holder@example.com', smscode: wrong, ...extra }, stranger)),
        await told(post(url, { username: 'nobody', email: 'nobody@example.com', smscode: wrong, ...extra }, stranger)),
        await told(post(url, { username: 'holder', phone: '13600000001', smscode: wrong, ...extra }, stranger)),
      ];
      for (const answer of answers.slice(1)) expect(answer, url).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ status: 400, success: false, code: ServerCode.VERIFICATION_CODE_INVALID });
    }
  });

  it('answers a wrong phone sign-in code the same whether or not the mobile belongs to an account', async () => {
    expect((await post('/sys/sms', { mobile: '13600000001', smsmode: '0' })).statusCode).toBe(200);
    expect((await post('/sys/sms', { mobile: '13699999999', smsmode: '0' })).statusCode).toBe(200);
    const wrong = otherThan(textedCode('13600000001'));
    const held = await told(post('/sys/phoneLogin', { mobile: '13600000001', captcha: wrong }, stranger));
    const free = await told(post('/sys/phoneLogin', { mobile: '13699999999', captcha: wrong }, stranger));
    const neverAsked = await told(post('/sys/phoneLogin', { mobile: '13600000002', captcha: wrong }, stranger));
    expect(free).toEqual(held);
    expect(neverAsked).toEqual(held);
    expect(held).toMatchObject({ status: 400, code: ServerCode.VERIFICATION_CODE_INVALID });
  });

  it('answers a request for a sign-in or reset code the same whether or not an account matches, the next minute too', async () => {
    const held = await told(post('/sys/sms', { mobile: '13600000002', smsmode: '0' }));
    const free = await told(post('/sys/sms', { mobile: '13688888888', smsmode: '0' }));
    expect(free).toEqual(held);
    const pair = await told(post('/sys/sms', { email: 'bystander@example.com', smsmode: '2', username: 'bystander' }));
    const noPair = await told(post('/sys/sms', { email: 'holder@example.com', smsmode: '2', username: 'bystander' }));
    expect(noPair).toEqual(pair);
    // Asked again at once: "a code was just sent" for both, or for neither (the seconds to wait may tick between the two).
    const again = async (mobile: string) => {
      const { message, ...rest } = await told(post('/sys/sms', { mobile, smsmode: '0' }));
      return { ...rest, message: String(message).replace(/\d+ second/, 'N second') };
    };
    const heldAgain = await again('13600000002');
    expect(heldAgain.status).toBe(429);
    expect(await again('13688888888')).toEqual(heldAgain);
    // Nothing was texted to the number nobody holds.
    expect(sms.received.some((m) => m.to === '13688888888')).toBe(false);
  });

  it('lets the owner use the code after a stranger’s address used up its guesses, and refuses that address', async () => {
    await post('/sys/sms', { email: 'holder@example.com', smsmode: '2', username: 'holder' });
    const code = mailedCode('holder@example.com');
    const wrongs: number[] = [];
    for (let i = 0; i < 8; i++) wrongs.push((await post('/sys/user/phoneVerification', { username: 'holder', email: 'holder@example.com', smscode: otherThan(code, i) }, stranger)).statusCode);
    expect(wrongs.every((status) => status === 400)).toBe(true);
    // The stranger's address has had its five: even the right code is refused there, in the same words.
    const late = await told(post('/sys/user/phoneVerification', { username: 'holder', email: 'holder@example.com', smscode: code }, stranger));
    expect(late).toEqual(await told(post('/sys/user/phoneVerification', { username: 'holder', email: 'holder@example.com', smscode: otherThan(code) }, stranger)));
    // A stranger asking for a reset of another account at the owner's address a minute later sends nothing and hides nothing.
    await t.app.db.execute(sql`update sys_verification_code set create_time = create_time - interval '61 seconds'`);
    const mails = smtp.received.length;
    expect((await post('/sys/sms', { email: 'holder@example.com', smsmode: '2', username: 'bystander' }, stranger)).statusCode).toBe(200);
    expect(smtp.received.length).toBe(mails);
    // The owner's address has its own guesses.
    const checked = await post('/sys/user/phoneVerification', { username: 'holder', email: 'holder@example.com', smscode: code });
    expect(checked.json()).toMatchObject({ success: true, code: ServerCode.VERIFIED });
    const changed = await post('/sys/user/passwordChange', { username: 'holder', email: 'holder@example.com', smscode: code, ...newPassword });
    expect(changed.json()).toMatchObject({ success: true, code: ServerCode.PASSWORD_RESET });
  });

  it('lets the owner sign in by phone after a stranger guessed wrong five times', async () => {
    await post('/sys/sms', { mobile: '13600000001', smsmode: '0' });
    const code = textedCode('13600000001');
    for (let i = 0; i < 5; i++) await post('/sys/phoneLogin', { mobile: '13600000001', captcha: otherThan(code, i) }, stranger);
    const login = await post('/sys/phoneLogin', { mobile: '13600000001', captcha: code });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().result.userInfo.username).toBe('holder');
  });

  it(`spends a code for everyone after ${verificationLimits.guessesPerCode} wrong guesses from all addresses together`, async () => {
    await post('/sys/sms', { mobile: '13600000003', smsmode: '0' });
    const code = textedCode('13600000003');
    const addresses = verificationLimits.guessesPerCode / verificationLimits.guessesPerAddress;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < verificationLimits.guessesPerAddress; i++) await post('/sys/phoneLogin', { mobile: '13600000003', captcha: otherThan(code, a * 10 + i) }, `192.0.2.${a + 1}`);
    }
    const login = await told(post('/sys/phoneLogin', { mobile: '13600000003', captcha: code }));
    expect(login).toMatchObject({ status: 400, code: ServerCode.VERIFICATION_CODE_INVALID });
  });

  it('counts guesses sent at once no further than the limits, per address and per code', async () => {
    await post('/sys/sms', { mobile: '13600000002', smsmode: '0' });
    const code = textedCode('13600000002');
    const attempts = async () => (await queryRows<{ attempts: number }>(t, sql`select attempts from sys_verification_code where target = '13600000002' order by create_time desc limit 1`))[0]?.attempts;
    await Promise.all(Array.from({ length: 12 }, (_, i) => post('/sys/phoneLogin', { mobile: '13600000002', captcha: otherThan(code, i) }, stranger)));
    expect(await attempts()).toBe(verificationLimits.guessesPerAddress);
    await Promise.all(Array.from({ length: 30 }, (_, i) => post('/sys/phoneLogin', { mobile: '13600000002', captcha: otherThan(code, 20 + i) }, `192.0.2.${100 + i}`)));
    expect(await attempts()).toBe(verificationLimits.guessesPerCode);
  });
});
