import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { StoredFileRecord } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalTexts, users } from '../src/db/schema.js';
import { createFileRepository } from '../src/modules/file/file.repository.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';
import { png, upload } from './support/upload.js';

/** A one-page PDF's start: enough for the content check to call it a PDF. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const list = async (t: TestApp, token: string, query = ''): Promise<StoredFileRecord[]> => {
  const response = await t.request({ method: 'GET', url: `/boot/sys/file/list?pageSize=50${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.records;
};
const uploaded = async (t: TestApp, token: string, file: Buffer, name: string, type: string, biz: string): Promise<string> => {
  const response = await upload(t, token, file, name, type, biz);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as string;
};

describe('stored files on the local disk', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
    admin = await t.login('admin', adminPassword);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every upload with who stored it, when, its name, type, size and storage', async () => {
    const installer = await t.login('installer', 'Installer2026');
    const picture = await uploaded(t, installer, png, 'site photo.png', 'image/png', 'station');
    const document = await uploaded(t, admin, pdf, 'manual.pdf', 'application/pdf', 'temp');
    const records = await list(t, admin);
    expect(records.find((record) => record.path === picture)).toMatchObject({ name: 'site photo.png', biz: 'station', mime: 'image/png', size: png.length, storage: 'local', uploader: 'installer', usedIn: [] });
    expect(records.find((record) => record.path === document)).toMatchObject({ name: 'manual.pdf', biz: 'temp', mime: 'application/pdf', uploader: 'admin' });
    expect((await list(t, admin, '&name=manual*')).map((record) => record.path)).toEqual([document]);
  });

  it('says where a file is used and refuses to delete it, saying where; an unused one is deleted with its content', async () => {
    const avatar = await uploaded(t, admin, png, 'me.png', 'image/png', 'avatar');
    const inNotice = await uploaded(t, admin, png, 'notice.png', 'image/png', 'temp');
    const spare = await uploaded(t, admin, png, 'spare.png', 'image/png', 'temp');
    const inPolicy = await uploaded(t, admin, png, 'policy.png', 'image/png', 'temp');
    await t.app.db.update(users).set({ avatar }).where(eq(users.username, 'admin'));
    await t.app.db.insert(legalTexts).values({ kind: 'privacy', language: 'en-US', content: `<p><img src="/boot/sys/common/view/${inPolicy}"></p>`, updateBy: 'admin' });
    const notice = await t.request({
      method: 'POST',
      url: '/boot/sys/annountCement/add',
      token: admin,
      payload: { titile: 'With a picture', priority: 'M', msgType: 'ALL', msgContent: `<p>See <img src="/boot/sys/common/view/${inNotice}"></p>` },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    const records = await list(t, admin);
    const byPath = (path: string) => records.find((record) => record.path === path) as StoredFileRecord;
    expect(byPath(avatar).usedIn).toEqual(['avatar']);
    expect(byPath(inNotice).usedIn).toEqual(['announcement']);
    expect(byPath(inPolicy).usedIn).toEqual(['legal']);
    expect(byPath(spare).usedIn).toEqual([]);

    const refused = await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${byPath(avatar).id}`, token: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`file: ${avatar} is used as a user avatar; remove it there first`);
    const batch = await t.request({ method: 'DELETE', url: `/boot/sys/file/deleteBatch?ids=${byPath(spare).id},${byPath(inNotice).id}`, token: admin });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toContain('is used as an announcement');
    // Nothing of a refused batch is deleted.
    expect((await t.request({ method: 'GET', url: `/boot/sys/common/view/${spare}`, token: admin })).statusCode).toBe(200);

    const deleted = await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${byPath(spare).id}`, token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(join(t.dataDir, 'uploads', spare))).toBe(false);
    expect((await t.request({ method: 'GET', url: `/boot/sys/common/view/${spare}`, token: admin })).statusCode).toBe(404);
    expect((await list(t, admin)).some((record) => record.path === spare)).toBe(false);

    // Once the avatar is changed, the old one is unused and may go.
    await t.app.db.update(users).set({ avatar: null }).where(eq(users.username, 'admin'));
    expect((await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${byPath(avatar).id}`, token: admin })).statusCode).toBe(200);
  });

  it('deletes all of a batch or none when one came into use after the check', async () => {
    const first = await uploaded(t, admin, png, 'first.png', 'image/png', 'temp');
    const second = await uploaded(t, admin, png, 'second.png', 'image/png', 'avatar');
    const ids = (await list(t, admin)).filter((record) => record.path === first || record.path === second).map((record) => record.id);
    // The avatar is taken between the usage check and the delete statement.
    await t.app.db.update(users).set({ avatar: second }).where(eq(users.username, 'admin'));
    const repository = createFileRepository(join(t.dataDir, 'uploads'), t.app.db);
    expect(await repository.removeUnused(ids)).toBeNull();
    expect((await list(t, admin)).filter((record) => ids.includes(record.id))).toHaveLength(2);
    await t.app.db.update(users).set({ avatar: null }).where(eq(users.username, 'admin'));
    expect((await repository.removeUnused(ids))?.map((row) => row.path).sort()).toEqual([first, second].sort());
  });

  it('is for administrators: others are refused the list and deletion', async () => {
    const [record] = await list(t, admin);
    for (const [username, password] of [['installer', 'Installer2026'], ['demo', 'Demo2026']] as const) {
      const token = await t.login(username, password);
      expect((await t.request({ method: 'GET', url: '/boot/sys/file/list', token })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${record?.id}`, token })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'DELETE', url: '/boot/sys/file/delete?id=no-such-file', token: admin })).statusCode).toBe(404);
  });
});

describe('stored files in an S3-compatible bucket', () => {
  let s3: S3rver;
  let s3Dir: string;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'cellsight-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'cellsight-files', configs: [] }] });
    const { port } = (await s3.run()) as AddressInfo;
    t = await createTestApp({ S3_URL: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/cellsight-files?region=eu-central-1&forcePathStyle=true` });
    admin = await t.login('admin', adminPassword);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket, streams it back through /sys/common/view and deletes it there', async () => {
    const path = await uploaded(t, admin, pdf, 'report.pdf', 'application/pdf', 'temp');
    // Nothing on the local disk: the content went to the bucket.
    expect(existsSync(join(t.dataDir, 'uploads', path))).toBe(false);
    const [record] = (await list(t, admin)).filter((row) => row.path === path);
    expect(record).toMatchObject({ storage: 's3', mime: 'application/pdf', name: 'report.pdf', size: pdf.length });

    const view = await t.request({ method: 'GET', url: `/boot/sys/common/view/${path}`, token: admin });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(view.rawPayload.equals(pdf)).toBe(true);

    const deleted = await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${record?.id}`, token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.request({ method: 'GET', url: `/boot/sys/common/view/${path}`, token: admin })).statusCode).toBe(404);
  });

  it('still serves an avatar and refuses a path outside the store', async () => {
    const path = await uploaded(t, admin, png, 'me.png', 'image/png', 'avatar');
    const view = await t.request({ method: 'GET', url: `/boot/sys/common/view/${path}` });
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.rawPayload.equals(png)).toBe(true);
    expect((await t.request({ method: 'GET', url: '/boot/sys/common/view/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/boot/sys/common/view/temp/20260101/00000000000000000000000000000000.png', token: admin })).statusCode).toBe(404);
  });
});
