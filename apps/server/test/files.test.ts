import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ServerCode } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';
import { multipart, png, upload as uploadAs } from './support/upload.js';

let t: TestApp;
let admin: string;

const upload = (file: Buffer, filename: string, type = 'image/png', biz = 'avatar') => uploadAs(t, admin, file, filename, type, biz);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('uploads', () => {
  it('stores an avatar and serves it back', async () => {
    const response = await upload(png, 'me.png');
    expect(response.json()).toMatchObject({ success: true });
    const path = response.json().message as string;
    expect(path).toMatch(/^avatar\/\d{8}\/[0-9a-f]{32}\.png$/);
    const view = await t.request({ method: 'GET', url: `/boot/sys/common/view/${path}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.rawPayload.equals(png)).toBe(true);
  });

  it('judges the type by content, not by name or declared type', async () => {
    const fake = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(fake.json().message).toContain('file');
  });

  it('refuses images over 2 MB and names over 100 characters', async () => {
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(big, 'big.png')).statusCode).toBe(413);
    expect((await upload(png, `${'n'.repeat(101)}.png`)).statusCode).toBe(400);
  });

  it('needs a signed-in user and a file part', async () => {
    const anonymous = await t.request({ method: 'POST', url: '/boot/sys/common/upload', ...multipart([{ name: 'file', value: png, filename: 'a.png' }]) });
    expect(anonymous.statusCode).toBe(401);
    const noFile = await t.request({ method: 'POST', url: '/boot/sys/common/upload', token: admin, payload: { file: 'x' } });
    expect(noFile.statusCode).toBe(400);
  });

  it('never reads or writes outside the upload directory', async () => {
    for (const path of ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/etc/passwd', 'avatar/../../secret']) {
      const response = await t.request({ method: 'GET', url: `/boot/sys/common/view/${path}` });
      expect(response.statusCode, path).toBe(404);
    }
    const uploads = join(t.dataDir, 'uploads');
    expect(existsSync(uploads)).toBe(true);
    expect(readdirSync(uploads).sort()).toEqual(['avatar']);
  });
});
