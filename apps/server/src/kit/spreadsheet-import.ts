import zlib from 'node:zlib';
import type * as XLSX from '@e965/xlsx';
import { ServerCode } from '@cellsight/contract';
import { type z } from 'zod';
import { AppError } from '../lib/errors.js';
import { archiveLimits, inspectZipArchive } from './upload-content.js';

/** What one workbook may unpack to; a 5000-row sheet is a few MB, a zip bomb is gigabytes. */
const maxUnpackedBytes = archiveLimits.totalUncompressedBytes;
/** Room over what an archive declares, for the inflater's last block. */
const declaredSlackBytes = 64 * 1024;
/** Bytes the workbook being read may still unpack to (reads are synchronous, so one at a time). */
let unpackBudget = maxUnpackedBytes;

interface ChunkProcessor {
  _processChunk(chunk: Uint8Array, flushFlag: number): Buffer;
}
/**
 * Node's inflater, as SheetJS drives it (`_processChunk`, `bytesRead`), held to the budget. Without
 * it SheetJS inflates in JavaScript, which spins for minutes on a cut-off 100-byte .xlsx.
 */
class BoundedInflateRaw extends zlib.InflateRaw {
  constructor() {
    super({ maxOutputLength: Math.max(1, unpackBudget) });
  }
  // SheetJS reads `bytesRead`, which Node deprecates (DEP0108) for this same count.
  override get bytesRead(): number {
    return this.bytesWritten;
  }
  _processChunk(chunk: Uint8Array, flushFlag: number): Buffer {
    const output = (zlib.InflateRaw.prototype as unknown as ChunkProcessor)._processChunk.call(this, chunk, flushFlag);
    unpackBudget -= output.length;
    return output;
  }
}
/**
 * SheetJS, loaded at the first import rather than at every start (it and its code pages take a
 * noticeable share of a start), and set up once: legacy .xls files saved by a Chinese or German
 * Excel may keep their text in a Windows code page (GBK, 1252), which it needs the tables for; and
 * it inflates through the bounded inflater above (a process-wide setting of SheetJS: only
 * readImportFile resets the budget before each read).
 */
let sheetJs: Promise<typeof XLSX> | undefined;
const loadSheetJs = (): Promise<typeof XLSX> =>
  (sheetJs ??= (async () => {
    const [library, codepages] = await Promise.all([import('@e965/xlsx'), import('@e965/xlsx/dist/cpexcel.full.mjs')]);
    library.set_cptable(codepages);
    (library.CFB as { utils: { use_zlib(zlib: unknown): void } }).utils.use_zlib({ InflateRaw: BoundedInflateRaw, deflateRawSync: zlib.deflateRawSync });
    return library;
  })());

/** A field the spreadsheet may hold, and the headings that name it. */
export interface ImportColumn {
  field: string;
  /**
   * Accepted heading texts, e.g. the field's label in en-US, zh-CN and de-DE and the field name
   * itself; compared trimmed and case-insensitive. The first one names the column in messages.
   */
  headings: string[];
}

/** One problem: `row` is the spreadsheet's own row number (the header is row 1), 0 for the file itself. */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/**
 * `rowNumbers[i]` is the spreadsheet row `rows[i]` came from (empty rows are skipped), for later
 * checks' messages. `unreadable`: the file could not be parsed as a workbook at all.
 */
export type ImportResult<T> = { ok: true; rows: T[]; rowNumbers: number[] } | { ok: false; errors: ImportRowError[]; unreadable?: true };

/**
 * An import's refusal: every problem by row and field, the first in the message. A file that could
 * not be parsed is 4032 (parsing failed); one that was read but holds wrong rows is 4004, or `code`.
 */
export const importRefusal = (failure: { errors: readonly ImportRowError[]; unreadable?: true }, code: number = ServerCode.INCORRECT_PARAMETER): AppError => {
  const [first] = failure.errors;
  return new AppError(
    failure.unreadable ? ServerCode.PARSING_FAILED : code,
    `The file was not imported: ${failure.errors.length} problem${failure.errors.length === 1 ? '' : 's'}, first ${first ? `row ${first.row}, ${first.field}: ${first.message}` : ''}`,
    400,
    [...failure.errors],
  );
};

export interface ImportOptions {
  /** Data rows a file may hold (default 5000). */
  maxRows?: number;
}

const defaultMaxRows = 5000;
/** Errors reported at most, so a broken 5000-row file does not answer with 50,000 of them. */
const maxErrors = 200;

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const compoundFileMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (file: Buffer, magic: number[]) => file.length >= magic.length && magic.every((byte, index) => file[index] === byte);

/** What a ZIP-based workbook may be: .xlsx (and .xlsm), and .xlsb, which is Excel's too. */
const excelZipBookTypes = new Set(['xlsx', 'xlsb']);

type ImportFailure = Extract<ImportResult<never>, { ok: false }>;
const fileError = (message: string): ImportFailure => ({ ok: false, errors: [{ row: 0, field: 'file', message }] });

/**
 * A cell as the row object gets it, then the other forms to try, in order, when the schema refuses
 * the first: Excel keeps "13800138000" or a rank "3" typed into a cell as a number, and a text
 * "1" where the schema wants a number, so a refused value is retried in the other form.
 */
type CellReading = { values: [unknown, ...unknown[]] } | { error: string } | undefined;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function readCell(cell: XLSX.CellObject | undefined): CellReading {
  if (!cell || cell.v === undefined) return undefined;
  const value = cell.v;
  switch (cell.t) {
    case 'e':
      return { error: `the cell holds the error ${cell.w ?? 'value'}` };
    case 'd': {
      if (!(value instanceof Date) || Number.isNaN(value.getTime())) return { error: 'the cell holds an invalid date' };
      // SheetJS puts the cell's wall-clock time in the UTC fields; round away float noise in the serial.
      const moment = new Date(Math.round(value.getTime() / 1000) * 1000);
      const day = `${pad(moment.getUTCFullYear(), 4)}-${pad(moment.getUTCMonth() + 1)}-${pad(moment.getUTCDate())}`;
      const time = `${pad(moment.getUTCHours())}:${pad(moment.getUTCMinutes())}:${pad(moment.getUTCSeconds())}`;
      // The Date alternative is local time, as `z.coerce.date()` reads the text form.
      const local = new Date(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate(), moment.getUTCHours(), moment.getUTCMinutes(), moment.getUTCSeconds());
      return { values: time === '00:00:00' ? [`${day} ${time}`, day, local] : [`${day} ${time}`, local] };
    }
    case 'n':
    case 'b':
      return typeof value === 'number' || typeof value === 'boolean' ? { values: [value, String(value)] } : undefined;
    default: {
      const trimmed = String(value).trim();
      if (trimmed === '') return undefined;
      return /^-?\d+(\.\d+)?$/.test(trimmed) ? { values: [trimmed, Number(trimmed)] } : { values: [trimmed] };
    }
  }
}

const normaliseHeading = (heading: string) => heading.replace(/\s+/g, ' ').trim().toLowerCase();

/** The text of a header cell, as Excel shows it. */
const headingOf = (cell: XLSX.CellObject | undefined): string => {
  if (!cell || cell.v === undefined) return '';
  return typeof cell.v === 'string' ? cell.v : (cell.w ?? String(cell.v));
};

const isEmptyRow = (cells: XLSX.CellObject[] | undefined): boolean => !cells || cells.every((cell) => readCell(cell) === undefined);

/** Fields the schema refuses to leave out: parsing `{}` draws an issue on them whose input is undefined. */
function requiredFields(rowSchema: z.ZodType): Set<string> {
  const parsed = rowSchema.safeParse({}, { reportInput: true });
  const required = new Set<string>();
  for (const issue of parsed.error?.issues ?? []) {
    if (issue.path.length === 1 && issue.input === undefined) required.add(String(issue.path[0]));
  }
  return required;
}

const fieldOfIssue = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.');
const fieldsWithIssues = (issues: z.core.$ZodIssue[]) => new Set(issues.map((issue) => String(issue.path[0] ?? '')));

/** Parses and validates one data row, retrying refused cells in their other forms (see `CellReading`). */
function parseRow<T>(rowSchema: z.ZodType<T>, values: Record<string, unknown>, alternatives: Map<string, unknown[]>): z.ZodSafeParseResult<T> {
  let current = values;
  let result = rowSchema.safeParse(current);
  if (result.success) return result;
  for (const field of fieldsWithIssues(result.error.issues)) {
    for (const alternative of alternatives.get(field) ?? []) {
      const candidate = { ...current, [field]: alternative };
      const retried = rowSchema.safeParse(candidate);
      if (retried.success || !fieldsWithIssues(retried.error.issues).has(field)) {
        current = candidate;
        result = retried;
        break;
      }
    }
    if (result.success) break;
  }
  return result;
}

/** A file no parser could read (damaged), as opposed to one of the wrong kind: the import's 4032. */
const unreadable = (message: string): ImportFailure => ({ ...fileError(message), unreadable: true });

function readWorkbook(library: typeof XLSX, file: Buffer, sheetRows: number): XLSX.WorkBook | ImportFailure {
  const isZip = startsWith(file, zipMagic);
  // SheetJS also reads CSV, HTML and plain text as a "workbook": only Excel's own containers may pass.
  if (!isZip && !startsWith(file, compoundFileMagic)) return fileError('the file is not an Excel workbook: save it from Excel as .xlsx or .xls');
  // An archive bomb is refused from its directory before a byte is inflated; an archive whose
  // directory understates its sizes is cut off by the inflater at what it declared.
  let budget = maxUnpackedBytes;
  if (isZip) {
    const archive = inspectZipArchive(file);
    if (!archive.ok) return archive.damaged ? unreadable(archive.reason) : fileError(archive.reason);
    budget = Math.min(maxUnpackedBytes, archive.uncompressedBytes + declaredSlackBytes);
  }
  try {
    unpackBudget = budget;
    const workbook = library.read(file, {
      type: 'buffer',
      // Values only: no formulas kept (cached results are read), no HTML, no styles, no macros.
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      cellDates: true,
      dense: true,
      sheets: 0,
      // Rows past these are not parsed: a 20 MB file of a million short rows would hold the event
      // loop for most of a minute before the row limit could refuse it.
      sheetRows,
    });
    if (isZip && !excelZipBookTypes.has(workbook.bookType ?? '')) return fileError('the file is not an Excel workbook: save it from Excel as .xlsx or .xls');
    return workbook;
  } catch (error) {
    if (error instanceof Error && /password|ECMA-376 Encrypted/i.test(error.message)) return fileError('the file is password-protected: save it without a password');
    if (error instanceof RangeError && (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      return fileError(
        budget < maxUnpackedBytes
          ? 'the file unpacks to more than its archive declares: it is damaged or not an ordinary spreadsheet'
          : `the file unpacks to more than ${maxUnpackedBytes / 1024 / 1024} MB: it is not an ordinary spreadsheet`,
      );
    }
    return unreadable('the file could not be read: it is damaged or not an Excel workbook');
  }
}

/**
 * Reads the records of an uploaded .xlsx or .xls file for an import. The first worksheet's first
 * non-empty row is the header; headings name fields through `columns` (unknown headings are
 * ignored); each later non-empty row becomes `{ field: value }` (text trimmed, numbers as numbers,
 * dates as 'YYYY-MM-DD HH:mm:ss', empty cells left out) and is validated with `rowSchema`. Either
 * every row is valid, or the answer lists what is wrong by spreadsheet row and field (at most 200).
 * Never throws for what the file holds. Duplicates within the file are the caller's to check.
 */
export async function readImportFile<T>(file: Buffer, fileName: string, columns: ImportColumn[], rowSchema: z.ZodType<T>, options: ImportOptions = {}): Promise<ImportResult<T>> {
  const maxRows = options.maxRows ?? defaultMaxRows;
  if (!/\.xlsx?$/i.test(fileName.trim())) return fileError('the file must be an Excel workbook (.xls or .xlsx)');
  // Room for a title and blank rows above the header and between rows, which are not counted.
  const rowsRead = maxRows * 2 + 1000;
  const library = await loadSheetJs();
  const workbook = readWorkbook(library, file, rowsRead);
  if ('ok' in workbook) return workbook;

  const firstSheetName = workbook.SheetNames[0];
  const firstSheet = firstSheetName === undefined ? undefined : workbook.Sheets[firstSheetName];
  const sheetRows = firstSheet?.['!data'] ?? [];
  // SheetJS keeps the sheet's whole range in '!fullref' when it stopped reading at `rowsRead`.
  const fullRange = firstSheet?.['!fullref'];
  const lastRow = fullRange ? library.utils.decode_range(fullRange).e.r + 1 : 0;
  // Indexes in '!data' are 0-based spreadsheet rows.
  let headerIndex = 0;
  while (headerIndex < sheetRows.length && isEmptyRow(sheetRows[headerIndex])) headerIndex++;
  const headerCells = sheetRows[headerIndex];
  if (!headerCells) return fileError('the file holds no rows');
  const headerRow = headerIndex + 1;

  const fieldByHeading = new Map<string, string>();
  for (const column of columns) {
    for (const heading of [...column.headings, column.field]) {
      const key = normaliseHeading(heading);
      if (!fieldByHeading.has(key)) fieldByHeading.set(key, column.field);
    }
  }
  const columnIndexByField = new Map<string, number>();
  const headerErrors: ImportRowError[] = [];
  headerCells.forEach((cell, columnIndex) => {
    const heading = headingOf(cell);
    const field = fieldByHeading.get(normaliseHeading(heading));
    if (field === undefined) return;
    // Two columns for one field would leave it to chance which value is imported.
    if (columnIndexByField.has(field)) headerErrors.push({ row: headerRow, field, message: `column "${heading.trim()}" appears twice` });
    else columnIndexByField.set(field, columnIndex);
  });
  const required = requiredFields(rowSchema);
  for (const column of columns) {
    if (required.has(column.field) && !columnIndexByField.has(column.field)) {
      headerErrors.push({ row: headerRow, field: column.field, message: `column "${column.headings[0] ?? column.field}" is missing` });
    }
  }
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors };

  const dataRows: { row: number; cells: XLSX.CellObject[] }[] = [];
  for (let index = headerIndex + 1; index < sheetRows.length; index++) {
    const cells = sheetRows[index];
    if (!cells || isEmptyRow(cells)) continue;
    dataRows.push({ row: index + 1, cells });
    if (dataRows.length > maxRows) return fileError(`the file holds more than ${maxRows} rows: split it into smaller files`);
  }
  if (lastRow > rowsRead) return fileError(`the sheet goes on to row ${lastRow}, past the ${rowsRead} rows an import reads: delete the rows below your data`);
  if (dataRows.length === 0) return fileError('the file holds no rows');

  const rows: T[] = [];
  const rowNumbers: number[] = [];
  const errors: ImportRowError[] = [];
  let leftOut = false;
  const report = (error: ImportRowError) => {
    if (errors.length < maxErrors) errors.push(error);
    else leftOut = true;
  };
  for (const { row, cells } of dataRows) {
    const values: Record<string, unknown> = {};
    const alternatives = new Map<string, unknown[]>();
    const cellErrorFields = new Set<string>();
    for (const [field, columnIndex] of columnIndexByField) {
      const reading = readCell(cells[columnIndex]);
      if (reading === undefined) continue;
      if ('error' in reading) {
        report({ row, field, message: reading.error });
        cellErrorFields.add(field);
        continue;
      }
      const [first, ...others] = reading.values;
      values[field] = first;
      if (others.length > 0) alternatives.set(field, others);
    }
    const result = parseRow(rowSchema, values, alternatives);
    if (result.success) {
      if (cellErrorFields.size === 0) {
        rows.push(result.data);
        rowNumbers.push(row);
      }
    } else {
      for (const issue of result.error.issues) {
        // An error cell was left out of the row: its "is required" would say the same thing again.
        if (!cellErrorFields.has(String(issue.path[0] ?? ''))) report({ row, field: fieldOfIssue(issue), message: issue.message });
      }
    }
    if (leftOut) break;
  }
  if (leftOut) errors.push({ row: 0, field: 'file', message: `more than ${maxErrors} errors: the rest were left out` });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows, rowNumbers };
}
