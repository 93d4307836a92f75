import ExcelJS from 'exceljs';
import type { SpreadsheetCell } from '../../src/kit/spreadsheet.js';

/** Reads the first worksheet back as rows of cell values; empty cells are null. */
export async function readSpreadsheet(data: Buffer): Promise<SpreadsheetCell[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: SpreadsheetCell[][] = [];
  sheet?.eachRow((row) => {
    const values = row.values as SpreadsheetCell[];
    rows.push(Array.from(values.slice(1), (value) => value ?? null));
  });
  return rows;
}
