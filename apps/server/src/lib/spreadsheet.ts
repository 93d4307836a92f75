import ExcelJS from 'exceljs';

export interface SpreadsheetColumn {
  header: string;
  /** Width in characters. */
  width: number;
  /** Excel number format, e.g. 'yyyy-mm-dd hh:mm:ss' for dates. */
  format?: string;
}

export type SpreadsheetCell = string | number | boolean | Date | null;

/**
 * One worksheet as an .xlsx file: a bold, frozen header row with a filter, then the rows. Dates are
 * real date cells, so spreadsheets sort and filter them as dates.
 */
export async function writeSpreadsheet(sheetName: string, columns: SpreadsheetColumn[], rows: SpreadsheetCell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cellsight';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width, style: column.format ? { numFmt: column.format } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Content-Disposition for a download, with the UTF-8 file name for browsers that read it (RFC 6266). */
export const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
