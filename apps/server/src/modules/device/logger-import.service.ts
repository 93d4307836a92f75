import {
  type ImportError,
  type Language,
  type LoggerRegistration,
  type LoggerRegistrationResult,
  type Words,
  ServerCode,
  limits,
  loggerRegistrationSchema,
  loggerResource,
  wordsIn,
} from '@cellsight/contract';
import type { AuthContext } from '../../plugins/auth.plugin.js';
import { AppError } from '../../lib/errors.js';
import { type ImportColumn, readImportFile } from '../../lib/spreadsheet-import.js';
import { writeSpreadsheet } from '../../lib/spreadsheet.js';

const listLabel = (field: 'gsn' | 'timezone'): Words => {
  const words = loggerResource.labels[field];
  if (!words) throw new Error(`loggerResource has no label for ${field}`);
  return words;
};
/** The spreadsheet's columns: the logger list's own labels, plus the key, which the list never shows. */
const columnWords: Record<'gsn' | 'key' | 'timezone', Words> = {
  gsn: listLabel('gsn'),
  key: ['Registration key', '注册码', 'Registrierungsschlüssel'],
  timezone: listLabel('timezone'),
};
const fields = ['gsn', 'key', 'timezone'] as const;
const templateName: Words = ['Logger import template', '采集器导入模板', 'Vorlage Datenlogger-Import'];

/** One row of the file: registration's own row rule (SN, key, optional IANA time zone). */
const rowSchema = loggerRegistrationSchema.shape.loggers.element;

/**
 * The template's example row: each column's form. Left in a filled-in file it is refused by its SN,
 * so nobody registers (and so blocks for its real owner) a logger they do not have.
 */
const exampleRow = ['EXAMPLE-SN-0001', 'key-on-the-device', 'Europe/Berlin'] as const;
const exampleRowMessage = 'is the template’s example row: replace it with your own loggers';

/** The service's refusal names loggers by their place in the request: `loggers[3].gsn`. */
const requestField = /^loggers\[(\d+)\]\.(gsn|key|timezone)$/;

const refused = (code: number, errors: ImportError[]) =>
  new AppError(
    code,
    `The file was not imported: ${errors.length} problem${errors.length === 1 ? '' : 's'}, first ${errors[0] ? `row ${errors[0].row}, ${errors[0].field}: ${errors[0].message}` : ''}`,
    400,
    errors,
  );

export interface LoggerImportDeps {
  /** The device service's registration: its rules (another key or owner refuses), registrant and broker accounts. */
  register(auth: AuthContext, loggers: LoggerRegistration['loggers']): Promise<LoggerRegistrationResult>;
}

/**
 * Registers loggers from a spreadsheet (.xls or .xlsx, at most `limits.loggerImportMax` rows):
 * headings in any of the console's languages, every row checked by registration's own rules, SNs
 * unique within the file, then the same registration as `registerBatch`. One refused cell and
 * nothing is stored; the refusal lists `{row, field, message}` by spreadsheet row.
 */
export const createLoggerImportService = ({ register }: LoggerImportDeps) => ({
  /** How many loggers the file holds, all registered now (or already, with the same key, to the caller). */
  async importSheet(auth: AuthContext, file: Buffer, fileName: string, language: Language): Promise<number> {
    // The caller's own language first: messages name a missing column by its first heading.
    const columns: ImportColumn[] = fields.map((field) => ({ field, headings: [wordsIn(columnWords[field], language), ...columnWords[field]] }));
    const result = readImportFile(file, fileName, columns, rowSchema, { maxRows: limits.loggerImportMax });
    if (!result.ok) throw refused(ServerCode.INCORRECT_PARAMETER, result.errors);

    const rowOf = (index: number) => result.rowNumbers[index] ?? index + 2;
    const firstRow = new Map<string, number>();
    const refusals: ImportError[] = [];
    result.rows.forEach((logger, index) => {
      if (logger.gsn === exampleRow[0]) {
        refusals.push({ row: rowOf(index), field: 'gsn', message: exampleRowMessage });
        return;
      }
      const first = firstRow.get(logger.gsn);
      if (first === undefined) firstRow.set(logger.gsn, rowOf(index));
      else refusals.push({ row: rowOf(index), field: 'gsn', message: `repeats row ${first}` });
    });
    if (refusals.length > 0) throw refused(ServerCode.INCORRECT_PARAMETER, refusals);

    try {
      const { registered, existing } = await register(auth, result.rows);
      return registered + existing;
    } catch (error) {
      // Registration names the refused loggers by request index; the file's user wants the row.
      if (!(error instanceof AppError) || error.fieldErrors.length === 0) throw error;
      const errors = error.fieldErrors.map((fieldError): ImportError => {
        const match = requestField.exec(fieldError.field);
        return match ? { row: rowOf(Number(match[1])), field: match[2] ?? 'gsn', message: fieldError.message } : { row: 0, field: fieldError.field, message: fieldError.message };
      });
      throw refused(error.code, errors);
    }
  },

  /** An .xlsx to fill in: the headings in `language` and one example row. */
  async template(language: Language): Promise<{ fileName: string; data: Buffer }> {
    const title = wordsIn(templateName, language);
    const data = await writeSpreadsheet(
      title,
      fields.map((field) => ({ header: wordsIn(columnWords[field], language), width: 28 })),
      [[...exampleRow]],
    );
    return { fileName: `${title}.xlsx`, data };
  },
});
