import { createHash } from 'node:crypto';
import { ServerCode, authEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/**
 * JeecgBoot's sign-in captcha: a picture per key the console chose, answered once within a minute.
 * The picture's digits are only in the image, so the test finds them the way only the server
 * could: from the stored salted hash, by trying the 10,000 codes.
 */
describe('the sign-in captcha', () => {
  let t: TestApp;

  const picture = async (key: string) => {
    const { statusCode, envelope } = await t.call(authEndpoints.captchaImage, { params: { key } });
    expect(statusCode).toBe(200);
    return envelope.result;
  };
  const codeOf = async (key: string): Promise<string> => {
    const [row] = await queryRows<{ id: string; code_hash: string }>(t, sql`select id, code_hash from sys_verification_code where purpose = 'captcha' and target = ${key} order by create_time desc limit 1`);
    if (!row) throw new Error(`no captcha for ${key}`);
    for (let n = 0; n < 10_000; n += 1) {
      const code = String(n).padStart(4, '0');
      if (createHash('sha256').update(`${row.id}:${code}`).digest('hex') === row.code_hash) return code;
    }
    throw new Error('no code matches');
  };
  const login = (captcha: string | undefined, checkKey: string | number | undefined, wire = 'boot') =>
    t.request({ method: 'POST', url: `/${wire}/sys/login`, payload: { username: 'admin', password: adminPassword, ...(captcha === undefined ? {} : { captcha }), ...(checkKey === undefined ? {} : { checkKey }) } });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the picture’s digits, once', async () => {
    const key = String(Date.now());
    expect(await picture(key)).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = await codeOf(key);
    // JeecgBoot sends its key as the number it made it from.
    expect((await login(code, Number(key))).json()).toMatchObject({ success: true, code: 200 });
    const again = await login(code, key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: ServerCode.VERIFICATION_CODE_WRONG, result: { errors: [{ field: 'captcha' }] } });
  });

  it('takes one answer per picture: after a wrong one, the right one no longer signs in', async () => {
    const key = 'wrong-then-right';
    await picture(key);
    const code = await codeOf(key);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    expect((await login(wrong, key)).json()).toMatchObject({ success: false, code: ServerCode.VERIFICATION_CODE_WRONG });
    expect((await login(code, key)).json()).toMatchObject({ success: false, code: ServerCode.VERIFICATION_CODE_WRONG });
    // A new picture of the same key replaces the old one.
    await picture(key);
    expect((await login(await codeOf(key), key)).json()).toMatchObject({ success: true });
  });

  it('refuses an expired picture, one never shown, and a captcha without its key', async () => {
    const key = 'expired';
    await picture(key);
    const code = await codeOf(key);
    await t.app.db.execute(sql`update sys_verification_code set expires_at = now() - interval '1 second' where purpose = 'captcha' and target = ${key}`);
    expect((await login(code, key)).json()).toMatchObject({ success: false, code: ServerCode.VERIFICATION_CODE_WRONG });
    expect((await login('1234', 'never-shown')).json()).toMatchObject({ success: false, code: ServerCode.VERIFICATION_CODE_WRONG });
    expect((await login('1234', undefined)).json()).toMatchObject({ success: false, code: ServerCode.VERIFICATION_CODE_WRONG });
    // Expired pictures are dropped when the next is made.
    await picture('next');
    expect(await queryRows(t, sql`select id from sys_verification_code where purpose = 'captcha' and target = ${key}`)).toEqual([]);
  });

  it('leaves a sign-in without a captcha as it was (Cellsight’s own console sends none)', async () => {
    expect((await login(undefined, undefined)).json()).toMatchObject({ success: true });
  });

  it('answers on JeecgBoot’s wire as JeecgBoot does, and refuses a key that is not plain', async () => {
    const refused = await login('0000', 'never-shown', 'jeecg-boot');
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ success: false, code: ServerCode.VERIFICATION_CODE_WRONG });
    const bad = await t.request({ method: 'GET', url: '/boot/sys/randomImage/has%20space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors).toEqual([expect.objectContaining({ field: 'key' })]);
  });
});
