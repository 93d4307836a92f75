import * as XLSX from '@e965/xlsx';
import { text } from '@cellsight/contract';
import ExcelJS from 'exceljs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ImportColumn, readImportFile } from './spreadsheet-import.js';

const columns: ImportColumn[] = [
  { field: 'name', headings: ['Name', '名称', 'Name'] },
  { field: 'serial', headings: ['Serial number', '序列号', 'Seriennummer'] },
  { field: 'rank', headings: ['Rank', '等级', 'Rang'] },
  { field: 'installedAt', headings: ['Installed', '安装时间', 'Installiert'] },
];
const deviceSchema = z.object({
  name: text({ error: 'is required' }).min(1, 'is required').max(20, 'is too long'),
  serial: text({ error: 'is required' }).regex(/^\d{4,}$/, 'must be at least 4 digits'),
  rank: z.number({ error: 'must be a number' }).int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5').optional(),
  installedAt: text().optional(),
});

type Cell = string | number | Date | null | ExcelJS.CellErrorValue;
/** An .xlsx file whose first sheet holds these rows, the first at row `firstRow`. */
async function xlsx(rows: Cell[][], firstRow = 1): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Devices');
  rows.forEach((cells, index) => {
    cells.forEach((value, column) => {
      if (value !== null) sheet.getCell(firstRow + index, column + 1).value = value;
    });
  });
  workbook.addWorksheet('Ignored').getCell('A1').value = 'Name';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A one-entry ZIP archive, deflated, as a hand-made .xlsx would be (SheetJS checks no CRC). */
function zipOf(entryName: string, content: Buffer): Buffer {
  const name = Buffer.from(entryName);
  const data = zlib.deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const read = (file: Buffer, fileName = 'devices.xlsx', maxRows?: number) => readImportFile(file, fileName, columns, deviceSchema, { maxRows });
const errorsOf = (result: Awaited<ReturnType<typeof read>>) => (result.ok ? [] : result.errors);

describe('readImportFile', () => {
  it('reads a valid file into rows: text trimmed, numbers kept, dates as text, empty cells left out', async () => {
    const file = await xlsx([
      ['Name', 'Serial number', 'Rank', 'Installed', 'Comment'],
      ['  Pump 1 ', '1001', 3, new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 'not imported'],
      ['Pump 2', 13800138000, null, null, null],
    ]);
    expect(await read(file)).toEqual({
      ok: true,
      rows: [
        { name: 'Pump 1', serial: '1001', rank: 3, installedAt: '2026-01-02 03:04:05' },
        // Excel keeps a typed-in serial as a number; the schema wants text, so it gets the digits.
        { name: 'Pump 2', serial: '13800138000' },
      ],
      rowNumbers: [2, 3],
    });
  });

  it('maps Chinese headings, and headings in any case or spacing', async () => {
    const chinese = await xlsx([
      ['名称', '序列号', '等级'],
      ['泵 1', '2001', '2'],
    ]);
    expect(await read(chinese)).toEqual({ ok: true, rows: [{ name: '泵 1', serial: '2001', rank: 2 }], rowNumbers: [2] });
    const loose = await xlsx([
      ['  NAME ', 'serial\nnumber', 'rank'],
      ['Pump', '2002', 1],
    ]);
    expect(await read(loose)).toEqual({ ok: true, rows: [{ name: 'Pump', serial: '2002', rank: 1 }], rowNumbers: [2] });
  });

  it('names the spreadsheet row and field of every bad cell and returns no rows', async () => {
    const file = await xlsx([
      ['Name', 'Serial number', 'Rank'],
      ['Good', '1001', 1],
      ['', 'x1', 2],
      ['Good too', '1003', 3],
      ['Also bad', '1004', 9],
    ]);
    expect(await read(file)).toEqual({
      ok: false,
      errors: [
        { row: 3, field: 'name', message: 'is required' },
        { row: 3, field: 'serial', message: 'must be at least 4 digits' },
        { row: 5, field: 'rank', message: 'must be 1 to 5' },
      ],
    });
  });

  it('reports a cell holding an Excel error once', async () => {
    const file = await xlsx([
      ['Name', 'Serial number'],
      ['Pump', { error: '#N/A' }],
    ]);
    expect(errorsOf(await read(file))).toEqual([{ row: 2, field: 'serial', message: 'the cell holds the error #N/A' }]);
  });

  it('reads legacy .xls files', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Seriennummer', 'Name', 'Rang'],
      ['3001', 'Pumpe', 4],
    ]);
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Geräte');
    const file = XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' }) as Buffer;
    expect(await read(file, 'Geräte.XLS')).toEqual({ ok: true, rows: [{ name: 'Pumpe', serial: '3001', rank: 4 }], rowNumbers: [2] });
  });

  it('refuses what is not an Excel workbook, without throwing', async () => {
    const notExcel = { row: 0, field: 'file', message: expect.stringContaining('not an Excel workbook') };
    expect(await read(Buffer.from('Name,Serial number\nPump,1001\n'))).toEqual({ ok: false, errors: [notExcel] });
    expect(await read(Buffer.from('just some words'), 'notes.xls')).toEqual({ ok: false, errors: [notExcel] });
    expect(await read(Buffer.alloc(0))).toEqual({ ok: false, errors: [notExcel] });
    const ods = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(ods, XLSX.utils.aoa_to_sheet([['Name'], ['Pump']]), 'Sheet1');
    expect(await read(XLSX.write(ods, { bookType: 'ods', type: 'buffer' }) as Buffer)).toEqual({ ok: false, errors: [notExcel] });

    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    expect(errorsOf(await read(damaged))).toEqual([{ row: 0, field: 'file', message: expect.stringContaining('could not be read') }]);
    // No parser could read it: the refusal says parsing failed (4032), not a wrong value (4004).
    expect(await read(damaged)).toMatchObject({ ok: false, unreadable: true });
    expect(await read(Buffer.from('just some words'), 'notes.xls')).not.toHaveProperty('unreadable');
    const truncated = (await xlsx([['Name'], ['Pump']])).subarray(0, 300);
    expect(errorsOf(await read(truncated))).toEqual([{ row: 0, field: 'file', message: expect.stringContaining('could not be read') }]);

    // A zip bomb: 101 MB of zeros in 100 KB.
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(101 * 1024 * 1024));
    expect(errorsOf(await read(bomb))).toEqual([{ row: 0, field: 'file', message: expect.stringContaining('unpacks to more than 100 MB') }]);

    const valid = await xlsx([['Name', 'Serial number'], ['Pump', '1001']]);
    expect(errorsOf(await read(valid, 'devices.csv'))).toEqual([{ row: 0, field: 'file', message: 'the file must be an Excel workbook (.xls or .xlsx)' }]);
  });

  it('names each missing required column once, against the header row', async () => {
    const file = await xlsx([['Rank', 'Unknown'], [1, 'x'], [2, 'y']]);
    expect(await read(file)).toEqual({
      ok: false,
      errors: [
        { row: 1, field: 'name', message: 'column "Name" is missing' },
        { row: 1, field: 'serial', message: 'column "Serial number" is missing' },
      ],
    });
    // Optional columns may be left out.
    expect(await read(await xlsx([['Serial number', 'Name'], ['1001', 'Pump']]))).toEqual({ ok: true, rows: [{ name: 'Pump', serial: '1001' }], rowNumbers: [2] });
  });

  it('refuses two columns for one field', async () => {
    const file = await xlsx([['Name', '名称', 'Serial number'], ['a', 'b', '1001']]);
    expect(errorsOf(await read(file))).toEqual([{ row: 1, field: 'name', message: 'column "名称" appears twice' }]);
  });

  it('skips empty rows and counts rows as the spreadsheet does', async () => {
    const file = await xlsx(
      [
        ['Name', 'Serial number'],
        [],
        ['Pump', '1001'],
        ['   ', null],
        ['Bad', 'x'],
      ],
      3,
    );
    expect(errorsOf(await read(file))).toEqual([{ row: 7, field: 'serial', message: 'must be at least 4 digits' }]);
    const valid = await xlsx([['Name', 'Serial number'], [], ['Pump', '1001'], [null, '  '], ['Valve', '1002']], 3);
    expect(await read(valid)).toEqual({ ok: true, rows: [{ name: 'Pump', serial: '1001' }, { name: 'Valve', serial: '1002' }], rowNumbers: [5, 7] });
  });

  it('refuses a file without data rows', async () => {
    const noRows = { ok: false, errors: [{ row: 0, field: 'file', message: 'the file holds no rows' }] };
    expect(await read(await xlsx([['Name', 'Serial number'], [], ['  ']]))).toEqual(noRows);
    expect(await read(await xlsx([]))).toEqual(noRows);
  });

  it('refuses more than maxRows data rows', async () => {
    const file = await xlsx([['Name', 'Serial number'], ['a', '1001'], ['b', '1002'], ['c', '1003']]);
    expect(await read(file, 'devices.xlsx', 3)).toMatchObject({ ok: true, rows: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], rowNumbers: [2, 3, 4] });
    expect(errorsOf(await read(file, 'devices.xlsx', 2))).toEqual([{ row: 0, field: 'file', message: expect.stringContaining('more than 2 rows') }]);
  });

  it('reads only the rows an import may hold (twice maxRows and 1000 more), and refuses a sheet that goes on past them', async () => {
    // Rows past 1004 (maxRows 2) are never parsed: a row there cannot slip in unread.
    const far = await xlsx([['Name', 'Serial number'], ['a', '1001'], ...Array.from({ length: 1500 }, (): Cell[] => [null, null]), ['z', '9999']]);
    expect(errorsOf(await read(far, 'devices.xlsx', 2))).toEqual([{ row: 0, field: 'file', message: 'the sheet goes on to row 1503, past the 1004 rows an import reads: delete the rows below your data' }]);
    expect(await read(far, 'devices.xlsx', 5000)).toMatchObject({ ok: true, rows: [{ name: 'a' }, { name: 'z' }], rowNumbers: [2, 1503] });
    // Many rows: refused by count from the rows read, whatever follows.
    const many = await xlsx([['Name', 'Serial number'], ...Array.from({ length: 3000 }, (_, index): Cell[] => [`d${index}`, String(10000 + index)])]);
    expect(errorsOf(await read(many, 'devices.xlsx', 10))).toEqual([{ row: 0, field: 'file', message: 'the file holds more than 10 rows: split it into smaller files' }]);
  });

  it('stops at 200 errors and says the rest were left out', async () => {
    const rows: Cell[][] = [['Name', 'Serial number'], ...Array.from({ length: 300 }, (): Cell[] => ['', 'x'])];
    const errors = errorsOf(await read(await xlsx(rows)));
    expect(errors).toHaveLength(201);
    expect(errors[199]).toEqual({ row: 101, field: 'serial', message: 'must be at least 4 digits' });
    expect(errors[200]).toEqual({ row: 0, field: 'file', message: 'more than 200 errors: the rest were left out' });
  });
});
