import type { StoredFileRecord } from '@cellsight/contract';
import { ServerCode, roleEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant, queryRows } from './support/test-app.js';
import { multipart, png } from './support/upload.js';

/**
 * Issue 26, item 4 and part of item 12: stored files belong to the tenant they were uploaded in
 * (System → Files shows, reads and deletes a tenant's own only; a holder of the permission who is no
 * administrator, their own uploads only); ticket attachments and grid files open only with a session
 * of someone who may see them; names lose their bidirectional and other control characters; nothing
 * but a raster image is shown in place.
 */

/** A one-page PDF's start: enough for the content check to call it a PDF. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>\n%%EOF\n');

const keyOf = (gsn: string) => `key-${gsn.toLowerCase()}`;

let t: TestApp;
const token = {} as Record<'admin' | 't2admin' | 'clerk' | 'installer' | 'installer2' | 'enduser' | 'enduser2', string>;
type Who = keyof typeof token;
let stationA = '';

const uploadAs = async (who: Who, file: Buffer, filename: string, type: string, biz: string, headers: Record<string, string> = {}): Promise<string> => {
  const form = multipart([
    { name: 'biz', value: biz },
    { name: 'file', value: file, filename, type },
  ]);
  const response = await t.request({ method: 'POST', url: '/boot/sys/common/upload', token: token[who], payload: form.payload, headers: { ...form.headers, ...headers } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as string;
};
const view = (path: string, who?: Who) => t.request({ method: 'GET', url: `/boot/sys/common/view/${path}`, ...(who ? { token: token[who] } : {}) });
const listOf = async (who: Who): Promise<StoredFileRecord[]> => {
  const response = await t.request({ method: 'GET', url: '/boot/sys/file/list?pageSize=100', token: token[who] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.records as StoredFileRecord[];
};
const idOf = async (path: string): Promise<string> => (await queryRows<{ id: string }>(t, sql`select id from sys_file where path = ${path}`))[0]!.id;
const tenantOf = async (path: string): Promise<number> => (await queryRows<{ tenant_id: number }>(t, sql`select tenant_id from sys_file where path = ${path}`))[0]!.tenant_id;

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  token.admin = await t.login('admin', adminPassword);
  // Tenant 2's administrator, made as the issue's reproduction made it.
  const t2admin = await addUser(t, token.admin, { username: 't2admin', password: 'Tenant2Admin1', selectedroles: 'r-admin', accountType: 'admin' });
  await moveToTenant(t, t2admin, 2);
  token.t2admin = await t.login('t2admin', 'Tenant2Admin1');
  // A clerk of tenant 1 granted System → Files who is no administrator.
  const role = (await t.request({ method: 'POST', url: '/boot/sys/role/add', token: token.admin, payload: { roleName: 'File clerks', roleCode: 'file_clerks' } })).json();
  expect(role, role.message).toMatchObject({ success: true });
  const granted = await t.call(roleEndpoints.saveGrants, { token: token.admin, body: { roleId: role.result, permissionIds: 'm-system,m-system-file,b-system-file-list,b-system-file-delete' } });
  expect(granted.envelope, granted.response.body).toMatchObject({ success: true });
  await addUser(t, token.admin, { username: 'clerk', password: 'FileClerk1', selectedroles: role.result as string, accountType: 'installer' });
  token.clerk = await t.login('clerk', 'FileClerk1');
  for (const [who, password] of [
    ['installer', 'Installer2026'],
    ['installer2', 'Installer2026'],
    ['enduser', 'Enduser2026'],
    ['enduser2', 'Enduser2026'],
  ] as const) {
    token[who] = await t.login(who, password);
  }
  // Station A of the demo's end user (below installer and the distributor; not below installer2).
  const gsn = 'FILESCOPE1';
  expect((await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: token.admin, payload: { loggers: [{ gsn, key: keyOf(gsn) }] } })).json()).toMatchObject({ success: true });
  const logger = JSON.stringify([{ gsn, key: keyOf(gsn), product_code: `${gsn}-M` }]);
  const station = (await t.request({ method: 'POST', url: '/boot/want/tbStation/add_station?from=EUR', token: token.admin, payload: { name: 'File station A', logger, masterId: 'u-demo-end-user' } })).json();
  expect(station, station.message).toMatchObject({ success: true, code: ServerCode.ADDED });
  stationA = station.message as string;
}, 120_000);
afterAll(() => t?.close());

describe('System → Files within the caller’s tenants', () => {
  it('lists, reads and deletes only files of the caller’s tenants; another tenant’s file answers 404', async () => {
    const ours = await uploadAs('admin', png, 'ours.png', 'image/png', 'temp');
    const theirs = await uploadAs('t2admin', png, 'theirs.png', 'image/png', 'temp');
    const theirId = await idOf(theirs);
    const ourId = await idOf(ours);

    expect((await listOf('admin')).map((file) => file.path)).toContain(ours);
    expect((await listOf('admin')).map((file) => file.path)).not.toContain(theirs);
    expect((await listOf('t2admin')).map((file) => file.path)).toEqual([theirs]);
    expect(await tenantOf(ours)).toBe(1);
    expect(await tenantOf(theirs)).toBe(2);
    expect((await t.request({ method: 'GET', url: `/boot/sys/file/queryById?id=${theirId}`, token: token.admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/boot/sys/file/queryById?id=${ourId}`, token: token.t2admin })).statusCode).toBe(404);

    const refused = await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${theirId}`, token: token.admin });
    expect(refused.statusCode).toBe(404);
    // A batch with one foreign id deletes nothing of it.
    expect((await t.request({ method: 'DELETE', url: `/boot/sys/file/deleteBatch?ids=${theirId},${ourId}`, token: token.admin })).statusCode).toBe(200);
    expect((await listOf('t2admin')).map((file) => file.path)).toEqual([theirs]);
    expect((await view(theirs, 't2admin')).statusCode).toBe(200);
    expect((await listOf('admin')).map((file) => file.path)).not.toContain(ours);
  });

  it('files an upload under the tenant the caller works in (the tenant-id header), else the caller’s first tenant', async () => {
    // The platform administrator joins tenant 2 as well: uploads go where it works.
    await t.app.db.execute(sql`insert into sys_user_tenant (user_id, tenant_id) select id, 2 from sys_user where username = 'admin'`);
    try {
      const inTwo = await uploadAs('admin', png, 'in-two.png', 'image/png', 'temp', { 'tenant-id': '2' });
      const unchosen = await uploadAs('admin', png, 'unchosen.png', 'image/png', 'temp');
      expect(await tenantOf(inTwo)).toBe(2);
      expect(await tenantOf(unchosen)).toBe(1);
      expect((await listOf('t2admin')).map((file) => file.path)).toContain(inTwo);
      expect((await listOf('t2admin')).map((file) => file.path)).not.toContain(unchosen);
    } finally {
      await t.app.db.execute(sql`delete from sys_user_tenant where tenant_id = 2 and user_id = (select id from sys_user where username = 'admin')`);
    }
  });

  it('shows a holder of the permission who is no administrator only their own uploads', async () => {
    const mine = await uploadAs('clerk', png, 'mine.png', 'image/png', 'temp');
    const administrators = await uploadAs('admin', png, 'not-mine.png', 'image/png', 'temp');
    expect((await listOf('clerk')).map((file) => file.path)).toEqual([mine]);
    expect((await listOf('admin')).map((file) => file.path)).toEqual(expect.arrayContaining([mine, administrators]));
    expect((await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${await idOf(administrators)}`, token: token.clerk })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/boot/sys/file/delete?id=${await idOf(mine)}`, token: token.clerk })).statusCode).toBe(200);
  });
});

describe('private uploads open only with a session that may see them', () => {
  it('opens a ticket attachment only for who sees the ticket; without a token it answers 401', async () => {
    const photo = await uploadAs('enduser', png, 'front.png', 'image/png', 'ticket');
    const filed = await t.request({
      method: 'POST',
      url: '/boot/want/ticket/add',
      token: token.enduser,
      payload: { title: 'Pack fault', category: 'defect', stationId: stationA, contact: 'Erika', contact_mobile: '13812345678', description: 'A cell fault.', attachments: [photo] },
    });
    expect(filed.statusCode, filed.body).toBe(200);

    const anonymous = await view(photo);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: ServerCode.INVALID_TOKEN });
    for (const who of ['enduser', 'installer', 'admin'] as const) {
      const seen = await view(photo, who);
      expect(seen.statusCode, who).toBe(200);
      expect(seen.rawPayload.equals(png), who).toBe(true);
      expect(seen.headers['cache-control'], who).toBe('private, no-store');
    }
    // The other branch and the other tenant do not see the ticket, so not its files either.
    for (const who of ['installer2', 'enduser2', 't2admin', 'clerk'] as const) expect((await view(photo, who)).statusCode, who).toBe(404);
  });

  it('opens a ticket upload that is in no ticket yet, and a reply’s, for the uploader and who sees the ticket only', async () => {
    const draft = await uploadAs('enduser', png, 'draft.png', 'image/png', 'ticket');
    expect((await view(draft, 'enduser')).statusCode).toBe(200);
    for (const who of ['installer', 'admin', 'enduser2'] as const) expect((await view(draft, who)).statusCode, who).toBe(404);

    const filed = await t.request({
      method: 'POST',
      url: '/boot/want/ticket/add',
      token: token.enduser,
      payload: { title: 'Another fault', category: 'defect', stationId: stationA, contact: 'Erika', contact_mobile: '13812345678', description: 'Again.' },
    });
    const wiring = await uploadAs('installer', png, 'wiring.png', 'image/png', 'ticket');
    const replied = await t.request({ method: 'POST', url: '/boot/want/ticket/reply', token: token.installer, payload: { ticketId: filed.json().result, content: 'See the wiring.', attachments: [wiring] } });
    expect(replied.statusCode, replied.body).toBe(200);
    for (const who of ['installer', 'enduser', 'admin'] as const) expect((await view(wiring, who)).statusCode, who).toBe(200);
    for (const who of ['installer2', 'enduser2'] as const) expect((await view(wiring, who)).statusCode, who).toBe(404);
    expect((await view(wiring)).statusCode).toBe(401);
  });

  it('opens a grid file for members of its tenant only, and public kinds for anyone', async () => {
    const cell = await uploadAs('admin', png, 'cell.png', 'image/png', 'temp');
    expect((await view(cell)).statusCode).toBe(401);
    expect((await view(cell, 'installer2')).statusCode).toBe(200);
    expect((await view(cell, 't2admin')).statusCode).toBe(404);
    // Avatars, station images and rich-text images load without a session (the sign-in page's texts).
    for (const biz of ['avatar', 'station', 'jeditor']) {
      const path = await uploadAs('installer', png, `${biz}.png`, 'image/png', biz);
      const opened = await view(path);
      expect(opened.statusCode, biz).toBe(200);
      expect(opened.rawPayload.equals(png), biz).toBe(true);
    }
    // A private path that holds nothing answers 401 without a session too: whether it exists is not told.
    expect((await view('ticket/20260101/00000000000000000000000000000000.png')).statusCode).toBe(401);
    expect((await view('ticket/20260101/00000000000000000000000000000000.png', 'admin')).statusCode).toBe(404);
  });
});

describe('names and types of stored files', () => {
  it('strips bidirectional and other control characters from the stored name and the Content-Disposition', async () => {
    const path = await uploadAs('admin', pdf, 'invoice\u202Efdp.exe\u2066\u200F\u0007.pdf', 'application/pdf', 'temp');
    const [record] = (await listOf('admin')).filter((file) => file.path === path);
    expect(record?.name).toBe('invoicefdp.exe.pdf');
    const served = await view(path, 'admin');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`);
    // Names stored before the rule are cleaned where they are served.
    await t.app.db.execute(sql`update sys_file set name = ${'old\u202Egnp.pdf'} where path = ${path}`);
    expect((await view(path, 'admin')).headers['content-disposition']).toBe(`attachment; filename="oldgnp.pdf"; filename*=UTF-8''oldgnp.pdf`);
  });

  it('serves a PDF (which may carry JavaScript) as a download, and a raster image in place', async () => {
    const document = await uploadAs('enduser', pdf, 'report.pdf', 'application/pdf', 'ticket');
    const served = await view(document, 'enduser');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    const image = await uploadAs('enduser', png, 'face.png', 'image/png', 'avatar');
    expect((await view(image)).headers['content-disposition']).toBeUndefined();
  });
});
