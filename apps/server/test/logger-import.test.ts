import { ServerCode, limits } from '@cellsight/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggers, users } from '../src/db/schema.js';
import { readSpreadsheet } from './support/spreadsheet.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';
import { multipart } from './support/upload.js';

/** Registering loggers from a spreadsheet: POST /want/logger/importExcel and its template. */

let t: TestApp;
let admin: string;
let adminId: string;

const workbook = async (rows: (string | number)[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Loggers').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
};
const importFile = (file: Buffer, filename = 'loggers.xlsx', token = admin, language = 'en-US') => {
  const body = multipart([{ name: 'file', value: file, filename }]);
  return t.request({ method: 'POST', url: '/boot/want/logger/importExcel', token, payload: body.payload, headers: { ...body.headers, 'accept-language': language } });
};
const stored = async (gsns: string[]) =>
  ((await t.app.db.execute(sql`select gsn, registration_key, timezone, tenant_id, registrant_id from tb_logger where gsn in ${gsns} order by gsn`)) as unknown as {
    rows: { gsn: string; registration_key: string; timezone: string; tenant_id: number; registrant_id: string | null }[];
  }).rows;
const listed = async (gsn: string) => (await t.request({ method: 'GET', url: '/boot/want/logger/list', token: admin, query: { gsn: `*${gsn}*`, pageSize: '100' } })).json().result.records as { gsn: string }[];
const header = ['Logger SN', 'Registration key', 'Time zone'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  adminId = (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')))[0]?.id ?? '';
});
afterAll(() => t?.close());

describe('logger import', () => {
  it('registers every logger of a good file to the caller, who then lists them', async () => {
    const answer = await importFile(await workbook([header, ['IMP-0001', 'import-key-01', 'Europe/Berlin'], [], ['IMP-0002', 'import-key-02']]));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, code: ServerCode.ADDED, result: { imported: 2 } });
    expect(await stored(['IMP-0001', 'IMP-0002'])).toEqual([
      { gsn: 'IMP-0001', registration_key: 'import-key-01', timezone: 'Europe/Berlin', tenant_id: 1, registrant_id: adminId },
      { gsn: 'IMP-0002', registration_key: 'import-key-02', timezone: 'UTC', tenant_id: 1, registrant_id: adminId },
    ]);
    expect((await listed('IMP-000')).map((logger) => logger.gsn).sort()).toEqual(['IMP-0001', 'IMP-0002']);
    // Importing the same file again changes nothing: the loggers are the caller's with those keys.
    const again = await importFile(await workbook([header, ['IMP-0001', 'import-key-01', 'Europe/Berlin']]));
    expect(again.json()).toMatchObject({ success: true, result: { imported: 1 } });
  });

  it('reads headings in Chinese or German, and legacy .xls', async () => {
    const chinese = await importFile(await workbook([['采集器 SN', '注册码', '时区'], ['IMP-ZH-01', 'import-key-zh', 'Asia/Shanghai']]));
    expect(chinese.json()).toMatchObject({ success: true, result: { imported: 1 } });
    const sheet = XLSX.utils.aoa_to_sheet([['Logger-SN', 'Registrierungsschlüssel'], ['IMP-DE-01', 'import-key-de']]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Logger');
    const german = await importFile(XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer, 'logger.xls');
    expect(german.json()).toMatchObject({ success: true, result: { imported: 1 } });
    expect((await stored(['IMP-ZH-01', 'IMP-DE-01'])).map((row) => [row.gsn, row.timezone])).toEqual([
      ['IMP-DE-01', 'UTC'],
      ['IMP-ZH-01', 'Asia/Shanghai'],
    ]);
  });

  it(`refuses a file of more than ${limits.loggerImportMax} loggers, storing none`, async () => {
    const rows = Array.from({ length: limits.loggerImportMax + 1 }, (_, index) => [`MANY-${String(index).padStart(4, '0')}`, 'many-key-0001']);
    const answer = await importFile(await workbook([header, ...rows]));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().result.errors).toEqual([{ row: 0, field: 'file', message: `the file holds more than ${limits.loggerImportMax} rows: split it into smaller files` }]);
    expect(await stored(['MANY-0000'])).toEqual([]);
    // Exactly the limit is fine.
    const most = await importFile(await workbook([header, ...rows.slice(0, limits.loggerImportMax)]));
    expect(most.json()).toMatchObject({ success: true, result: { imported: limits.loggerImportMax } });
  });

  it('reports each refused cell with its spreadsheet row and field by registration’s rules, storing none', async () => {
    const answer = await importFile(
      await workbook([
        header,
        ['BAD-0001', 'good-key-0001', 'Europe/Berlin'],
        ['no spaces allowed', 'good-key-0002'],
        ['BAD-0003', 'short'],
        ['BAD-0004', 'good-key-0004', 'Mars/Olympus_Mons'],
        ['', 'good-key-0005'],
      ]),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(answer.json().result.errors).toEqual([
      { row: 3, field: 'gsn', message: 'must be 4 to 32 letters, digits, dashes or underscores' },
      { row: 4, field: 'key', message: 'must be at least 8 characters' },
      { row: 5, field: 'timezone', message: 'must be an IANA time zone such as Europe/Berlin' },
      { row: 6, field: 'gsn', message: expect.any(String) },
    ]);
    expect(await stored(['BAD-0001'])).toEqual([]);
  });

  it('refuses an SN repeated within the file, naming the first row', async () => {
    const answer = await importFile(await workbook([header, ['REP-0001', 'repeat-key-01'], ['REP-0002', 'repeat-key-02'], ['REP-0001', 'repeat-key-03']]));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().result.errors).toEqual([{ row: 4, field: 'gsn', message: 'repeats row 2' }]);
    expect(await stored(['REP-0001', 'REP-0002'])).toEqual([]);
  });

  it('refuses a logger registered to someone else or with another key on its row’s SN cell, storing nothing of the file', async () => {
    await t.app.db.execute(sql`insert into sys_tenant (id, name) values (77, 'Tenant 77') on conflict do nothing`);
    await t.app.db.insert(loggers).values({ gsn: 'FOREIGN-0001', registrationKey: 'foreign-key-01', tenantId: 77 });
    const answer = await importFile(await workbook([header, ['NEW-0001', 'new-key-0001'], ['FOREIGN-0001', 'foreign-key-01'], ['IMP-0001', 'another-key-01']]));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: ServerCode.DEVICE_IN_USE });
    const message = 'cannot be registered: it is registered with another key or to another account';
    expect(answer.json().result.errors).toEqual([
      { row: 3, field: 'gsn', message },
      { row: 4, field: 'gsn', message },
    ]);
    expect(await stored(['NEW-0001'])).toEqual([]);
    expect((await stored(['FOREIGN-0001']))[0]).toMatchObject({ tenant_id: 77, registration_key: 'foreign-key-01' });
    expect((await stored(['IMP-0001']))[0]).toMatchObject({ registration_key: 'import-key-01' });
  });

  it('refuses what is not an Excel workbook, and a request without a file', async () => {
    const csv = await importFile(Buffer.from('Logger SN,Registration key\nCSV-0001,csv-key-0001\n'), 'loggers.csv');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().result.errors).toEqual([{ row: 0, field: 'file', message: 'the file must be an Excel workbook (.xls or .xlsx)' }]);
    const disguised = await importFile(Buffer.from('Logger SN,Registration key\nCSV-0001,csv-key-0001\n'), 'loggers.xlsx');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().result.errors[0]).toMatchObject({ row: 0, field: 'file' });
    const none = await t.request({ method: 'POST', url: '/boot/want/logger/importExcel', token: admin, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().result.errors).toEqual([{ field: 'file', message: 'is required' }]);
    expect(await stored(['CSV-0001'])).toEqual([]);
  });

  it('is refused without the permission (an end user), and to the demo account', async () => {
    await addUser(t, admin, { username: 'import_end_user', password: 'EndUser123', selectedroles: 'r-end-user' });
    const endUser = await t.login('import_end_user', 'EndUser123');
    const file = await workbook([header, ['DENIED-0001', 'denied-key-01']]);
    expect((await importFile(file, 'loggers.xlsx', endUser)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/boot/want/logger/importTemplate', token: endUser })).statusCode).toBe(403);

    const demoId = await addUser(t, admin, { username: 'import_demo', password: 'Demo12345', selectedroles: 'r-admin' });
    await t.app.db.update(users).set({ demo: true }).where(eq(users.id, demoId));
    const demo = await t.login('import_demo', 'Demo12345');
    const refused = await importFile(file, 'loggers.xlsx', demo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ServerCode.DEMO_NOT_SUPPORTED);
    expect(await stored(['DENIED-0001'])).toEqual([]);
  });

  it('downloads a template with headings in the caller’s language and an example row, which imports back once filled in', async () => {
    const german = await t.request({ method: 'GET', url: '/boot/want/logger/importTemplate', token: admin, headers: { 'accept-language': 'de-DE' } });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(german.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Vorlage Datenlogger-Import.xlsx')}`);
    const rows = await readSpreadsheet(german.rawPayload);
    expect(rows).toEqual([
      ['Logger-SN', 'Registrierungsschlüssel', 'Zeitzone'],
      ['EXAMPLE-SN-0001', 'key-on-the-device', 'Europe/Berlin'],
    ]);
    // Left in, the example row is refused: nobody registers a logger they do not have.
    const untouched = await importFile(german.rawPayload, 'Vorlage.xlsx', admin, 'de-DE');
    expect(untouched.statusCode).toBe(400);
    expect(untouched.json().result.errors).toEqual([{ row: 2, field: 'gsn', message: 'is the template’s example row: replace it with your own loggers' }]);
    expect(await stored(['EXAMPLE-SN-0001'])).toEqual([]);

    const english = await readSpreadsheet((await t.request({ method: 'GET', url: '/boot/want/logger/importTemplate', token: admin })).rawPayload);
    expect(english[0]).toEqual(header);

    // Filled in: the example row replaced by the user's loggers.
    const filled = await workbook([rows[0] as string[], ['TPL-0001', 'template-key-1', 'Europe/Vienna'], ['TPL-0002', 'template-key-2']]);
    const imported = await importFile(filled, 'Vorlage.xlsx', admin, 'de-DE');
    expect(imported.json()).toMatchObject({ success: true, result: { imported: 2 } });
    expect((await listed('TPL-000')).map((logger) => logger.gsn).sort()).toEqual(['TPL-0001', 'TPL-0002']);
  });
});

describe('logger import through the console grid (importPreview, then importRows)', () => {
  const preview = (file: Buffer, filename = 'loggers.xlsx', token = admin) => {
    const body = multipart([{ name: 'file', value: file, filename }]);
    return t.request({ method: 'POST', url: '/boot/want/logger/importPreview', token, payload: body.payload, headers: body.headers });
  };
  const importRows = (loggers: object[], token = admin) => t.request({ method: 'POST', url: '/boot/want/logger/importRows', token, payload: { loggers } });

  it('previews every row as text with its spreadsheet row, registering nothing, even rows that break the rules', async () => {
    const answer = await preview(await workbook([header, ['PRV-0001', 'preview-key-01', 'Europe/Berlin'], [], ['bad sn!', 'short', ''], ['PRV-0001', 12345678]]));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result.rows).toEqual([
      { row: 2, gsn: 'PRV-0001', key: 'preview-key-01', timezone: 'Europe/Berlin' },
      { row: 4, gsn: 'bad sn!', key: 'short', timezone: '' },
      { row: 5, gsn: 'PRV-0001', key: '12345678', timezone: '' },
    ]);
    expect(await stored(['PRV-0001'])).toEqual([]);
    // The file itself is still checked: its headings and its size.
    const headless = await preview(await workbook([['Something else'], ['x']]));
    expect(headless.statusCode).toBe(400);
    const tooMany = await preview(await workbook([header, ...Array.from({ length: limits.loggerImportMax + 1 }, (_, i) => [`PRV-M${i}`, 'preview-key-01'])]));
    expect(tooMany.statusCode).toBe(400);
  });

  it('registers the corrected rows, or none with each refusal naming loggers[i].field', async () => {
    const duplicate = await importRows([
      { gsn: 'PRV-0101', key: 'preview-key-01' },
      { gsn: 'PRV-0101', key: 'preview-key-02' },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().result.errors).toEqual([{ field: 'loggers[1].gsn', message: 'repeats loggers[0]' }]);
    const invalid = await importRows([{ gsn: 'PRV-0102', key: 'short' }]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().result.errors[0].field).toBe('loggers[0].key');
    const tooMany = await importRows(Array.from({ length: limits.loggerImportMax + 1 }, (_, i) => ({ gsn: `PRV-N${i}`, key: 'preview-key-01' })));
    expect(tooMany.statusCode).toBe(400);
    expect(await stored(['PRV-0101', 'PRV-0102'])).toEqual([]);

    const good = await importRows([
      { gsn: 'PRV-0103', key: 'preview-key-03', timezone: 'Asia/Shanghai' },
      { gsn: 'PRV-0104', key: 'preview-key-04' },
    ]);
    expect(good.json()).toMatchObject({ success: true, code: ServerCode.ADDED, result: { imported: 2 } });
    expect((await stored(['PRV-0103', 'PRV-0104'])).map((row) => [row.gsn, row.timezone])).toEqual([
      ['PRV-0103', 'Asia/Shanghai'],
      ['PRV-0104', 'UTC'],
    ]);
  });

  it('needs the import permission', async () => {
    await addUser(t, admin, { username: 'prv_stranger' });
    const stranger = await t.login('prv_stranger', 'Passw0rd1');
    expect((await importRows([{ gsn: 'PRV-0201', key: 'preview-key-01' }], stranger)).statusCode).toBe(403);
    expect((await preview(await workbook([header, ['PRV-0201', 'preview-key-01']]), 'loggers.xlsx', stranger)).statusCode).toBe(403);
  });
});
