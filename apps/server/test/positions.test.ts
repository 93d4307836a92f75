import { ServerCode } from '@cellsight/contract';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpreadsheet } from './support/spreadsheet.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';
import { multipart } from './support/upload.js';

/** Positions: the plain kit resource, beyond the list contract (list-conformance.test.ts). */

let t: TestApp;
let admin: string;

const add = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/sys/position/add', token: admin, payload });
const list = async (query: Record<string, string> = {}) => (await t.request({ method: 'GET', url: '/boot/sys/position/list', token: admin, query: { pageSize: '100', ...query } })).json();

const workbook = async (rows: (string | number)[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Positions').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
};
const importFile = (file: Buffer, filename: string, language = 'en-US') => {
  const body = multipart([{ name: 'file', value: file, filename }]);
  return t.request({ method: 'POST', url: '/boot/sys/position/importExcel', token: admin, payload: body.payload, headers: { ...body.headers, 'accept-language': language } });
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('positions', () => {
  it('adds with the new id as the result, keeps codes unique and names every bad field', async () => {
    const added = await add({ code: 'ENG', name: 'Engineer', rank: '3' });
    expect(added.json()).toMatchObject({ success: true, code: ServerCode.ADDED, result: expect.any(String) });
    const taken = await add({ code: 'ENG', name: 'Another', rank: '2' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().result.errors).toEqual([{ field: 'code', message: 'already exists' }]);
    const bad = await add({ code: 'a b', name: '', rank: '9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors.map((e: { field: string }) => e.field).sort()).toEqual(['code', 'name', 'rank']);
    const duplicate = await t.request({ method: 'GET', url: '/boot/sys/duplicate/check', token: admin, query: { tableName: 'sys_position', fieldName: 'code', fieldVal: 'ENG' } });
    expect(duplicate.json()).toMatchObject({ success: false });
  });

  it('answers the rank in the caller’s language, edits, and deletes', async () => {
    const [record] = (await list({ code: 'ENG' })).result.records;
    expect(record).toMatchObject({ code: 'ENG', rank: '3', rank_dictText: 'Intermediate' });
    const german = await t.request({ method: 'GET', url: '/boot/sys/position/queryById', token: admin, query: { id: record.id }, headers: { 'accept-language': 'de-DE' } });
    expect(german.json().result).toMatchObject({ rank_dictText: 'Fachkraft' });
    expect((await t.request({ method: 'PUT', url: '/boot/sys/position/edit', token: admin, payload: { id: record.id, name: 'Senior engineer', rank: '4' } })).statusCode).toBe(200);
    expect((await list({ code: 'ENG' })).result.records[0]).toMatchObject({ name: 'Senior engineer', rank: '4', updateBy: 'admin' });
    const missing = await t.request({ method: 'PUT', url: '/boot/sys/position/edit', token: admin, payload: { id: 'nope', name: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('exports with headings and ranks in the asked language, and the export imports again', async () => {
    await add({ code: 'TEC', name: 'Technician', rank: '2' });
    const exported = await t.request({ method: 'GET', url: '/boot/sys/position/exportXls', token: admin, headers: { 'accept-language': 'zh-CN' } });
    expect(exported.headers['content-disposition']).toContain("filename*=UTF-8''%E8%81%8C%E5%8A%A1%E7%AE%A1%E7%90%86");
    const rows = await readSpreadsheet(exported.rawPayload);
    expect(rows[0]).toEqual(['职务编码', '职务名称', '职级', '创建时间 (UTC)']);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual(expect.arrayContaining([['TEC', 'Technician', '助级']]));

    // The same sheet, codes changed, reads back: Chinese headings, ranks given by their Chinese text.
    const again = await workbook([rows[0] as string[], ...rows.slice(1).map((row) => [`X${String(row[0])}`, String(row[1]), String(row[2])])]);
    const imported = await importFile(again, 'positions.xlsx');
    expect(imported.json()).toMatchObject({ success: true, result: { imported: rows.length - 1 } });
    expect((await list({ code: 'XTEC' })).result.records[0]).toMatchObject({ name: 'Technician', rank: '2', createBy: 'admin' });
  });

  it('imports every row or none, reporting each refused cell with its row and field', async () => {
    const before = (await list()).result.total;
    // Cells the contract refuses are reported first, by spreadsheet row (the empty row 4 is skipped).
    const invalid = await importFile(await workbook([['Code', 'Name', 'Rank'], ['NEW1', 'Planner', 'Senior'], [], ['NEW2', '', '7']]), 'positions.xlsx');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().result.errors).toEqual([
      { row: 4, field: 'name', message: expect.any(String) },
      { row: 4, field: 'rank', message: expect.any(String) },
    ]);
    // Then codes another position holds, or that repeat within the file.
    const clashing = await importFile(await workbook([['Code', 'Name', 'Rank'], ['NEW1', 'Planner', 'Senior'], ['ENG', 'Taken code', '2'], [], ['NEW1', 'Repeated', '1']]), 'positions.xlsx');
    expect(clashing.statusCode).toBe(400);
    expect(clashing.json().result.errors).toEqual([
      { row: 3, field: 'code', message: 'already exists' },
      { row: 5, field: 'code', message: 'repeats row 2' },
    ]);
    expect((await list()).result.total).toBe(before);

    const good = await importFile(await workbook([['Code', 'Name', 'Rank'], ['NEW1', 'Planner', 'Senior'], ['NEW2', 'Buyer', '1']]), 'positions.xlsx');
    expect(good.json().result).toEqual({ imported: 2 });
    expect((await list({ code: 'NEW1' })).result.records[0]).toMatchObject({ rank: '4' });
  });

  it('reads legacy .xls, and refuses what is not a spreadsheet without storing anything', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Code', 'Name', 'Rank'], ['OLD1', 'Archivist', '1']]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Positions');
    const xls = XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
    expect((await importFile(xls, 'positions.xls')).json().result).toEqual({ imported: 1 });

    const csv = await importFile(Buffer.from('Code,Name,Rank\nCSV1,Clerk,1\n'), 'positions.xlsx');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().result.errors[0]).toMatchObject({ row: 0, field: 'file' });
    expect((await list({ code: 'CSV1' })).result.total).toBe(0);
    const none = await t.request({ method: 'POST', url: '/boot/sys/position/importExcel', token: admin, payload: {} });
    expect(none.statusCode).toBe(400);
  });
});
