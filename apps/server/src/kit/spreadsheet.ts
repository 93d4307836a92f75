import { cleanFileName } from '../lib/file-name.js';

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
  // Loaded at the first export, not at every start: it is one of the heaviest packages the server uses.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cellsight';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width, style: column.format ? { numFmt: column.format } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as CSV text: dates as ISO 8601, and quoted when it holds a separator, quote or line break. */
const csvCell = (value: SpreadsheetCell): string => {
  if (value === null) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A leading = + - @ would make a spreadsheet run the cell as a formula (CSV injection).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One table as CSV (RFC 4180, CRLF), with a UTF-8 byte-order mark so spreadsheets read accents and Chinese right. */
export function writeCsv(columns: SpreadsheetColumn[], rows: SpreadsheetCell[][]): Buffer {
  const lines = [columns.map((column) => csvCell(column.header)), ...rows.map((row) => row.map(csvCell))].map((cells) => cells.join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The formats a list exports to. */
export const exportFormats = {
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', write: writeSpreadsheet },
  csv: { contentType: 'text/csv; charset=utf-8', write: async (_sheetName: string, columns: SpreadsheetColumn[], rows: SpreadsheetCell[][]) => writeCsv(columns, rows) },
} as const;
export type ExportFormat = keyof typeof exportFormats;

/**
 * Content-Disposition for a download, with the UTF-8 file name for browsers that read it (RFC 6266);
 * without control and bidirectional characters, which `filename*` would otherwise carry to the save dialog.
 */
export const attachment = (name: string): string => {
  const fileName = cleanFileName(name) || 'download';
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

