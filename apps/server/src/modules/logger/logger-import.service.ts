import {
  type ImportError,
  type Language,
  type LoggerImportPreview,
  type LoggerRegistration,
  type LoggerRegistrationResult,
  type Words,
  ServerCode,
  limits,
  loggerRegistrationSchema,
  loggerResource,
  text,
  wordsIn,
} from '@cellsight/contract';
import { z } from 'zod';
import type { AuthContext } from '../../access/auth-context.js';
import { AppError } from '../../lib/errors.js';
import { type ImportColumn, importRefusal, readImportFile } from '../../kit/spreadsheet-import.js';
import { writeSpreadsheet } from '../../kit/spreadsheet.js';

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
 * The preview reads every cell as text, unchecked: the console's grid shows what fails. SN and key
 * columns must be there, and their cells filled (an empty one is refused by its row, as the import does).
 */
const cellText = z.preprocess((value) => (value === undefined ? undefined : String(value ?? '').trim()), text({ error: 'is required' }));
const previewRowSchema = z.object({ gsn: cellText, key: cellText, timezone: cellText.optional().transform((value) => value ?? '') });

/**
 * The template's example row: each column's form. Left in a filled-in file it is refused by its SN,
 * so nobody registers (and so blocks for its real owner) a logger they do not have.
 */
const exampleRow = ['EXAMPLE-SN-0001', 'key-on-the-device', 'Europe/Berlin'] as const;
const exampleRowMessage = 'is the template’s example row: replace it with your own loggers';

/** The service's refusal names loggers by their place in the request: `loggers[3].gsn`. */
const requestField = /^loggers\[(\d+)\]\.(gsn|key|timezone)$/;

export interface LoggerImportDeps {
  /** The logger service's registration: its rules (another key or owner refuses), registrant and broker accounts. */
  register(auth: AuthContext, loggers: LoggerRegistration['loggers']): Promise<LoggerRegistrationResult>;
}

/**
 * Registers loggers from a spreadsheet (.xls or .xlsx, at most `limits.loggerImportMax` rows):
 * headings in any of the console's languages, every row checked by registration's own rules, SNs
 * unique within the file, then the same registration as `registerBatch`. One refused cell and
 * nothing is stored; the refusal lists `{row, field, message}` by spreadsheet row.
 */
export const createLoggerImportService = ({ register }: LoggerImportDeps) => {
  const columnsIn = (language: Language): ImportColumn[] => fields.map((field) => ({ field, headings: [wordsIn(columnWords[field], language), ...columnWords[field]] }));

  /**
   * The import's own checks (the example row, SNs unique among the rows), then registration; the
   * refusals name each row by `rowOf` (the spreadsheet row, or the request's index).
   */
  const registerRows = async <Place>(auth: AuthContext, rows: LoggerRegistration['loggers'], rowOf: (index: number) => Place, refusal: (errors: { place: Place | null; field: string; message: string }[], code: number) => AppError): Promise<number> => {
    const firstRow = new Map<string, Place>();
    const refusals: { place: Place | null; field: string; message: string }[] = [];
    rows.forEach((logger, index) => {
      if (logger.gsn === exampleRow[0]) {
        refusals.push({ place: rowOf(index), field: 'gsn', message: exampleRowMessage });
        return;
      }
      const first = firstRow.get(logger.gsn);
      if (first === undefined) firstRow.set(logger.gsn, rowOf(index));
      else refusals.push({ place: rowOf(index), field: 'gsn', message: `repeats row ${typeof first === 'number' ? first : String(first)}` });
    });
    if (refusals.length > 0) throw refusal(refusals, ServerCode.INCORRECT_PARAMETER);

    try {
      const { registered, existing } = await register(auth, rows);
      return registered + existing;
    } catch (error) {
      // Registration names the refused loggers by request index; map them to the caller's places.
      if (!(error instanceof AppError) || error.fieldErrors.length === 0) throw error;
      const errors = error.fieldErrors.map((fieldError) => {
        const match = requestField.exec(fieldError.field);
        return match ? { place: rowOf(Number(match[1])), field: match[2] ?? 'gsn', message: fieldError.message } : { place: null, field: fieldError.field, message: fieldError.message };
      });
      throw refusal(errors, error.code);
    }
  };

  return {
    /** How many loggers the file holds, all registered now (or already, with the same key, to the caller). */
    async importSheet(auth: AuthContext, file: Buffer, fileName: string, language: Language): Promise<number> {
      // The caller's own language first: messages name a missing column by its first heading.
      const result = await readImportFile(file, fileName, columnsIn(language), rowSchema, { maxRows: limits.loggerImportMax });
      if (!result.ok) throw importRefusal(result);
      return registerRows(
        auth,
        result.rows,
        (index) => result.rowNumbers[index] ?? index + 2,
        (errors, code) => importRefusal({ errors: errors.map((error): ImportError => ({ row: error.place ?? 0, field: error.field, message: error.message })) }, code),
      );
    },

    /** The file's rows as text, unchecked (only the file itself, its headings and its size are refused), for the console to correct. */
    async preview(file: Buffer, fileName: string, language: Language): Promise<LoggerImportPreview> {
      const result = await readImportFile(file, fileName, columnsIn(language), previewRowSchema, { maxRows: limits.loggerImportMax });
      if (!result.ok) throw importRefusal(result);
      return { rows: result.rows.map((row, index) => ({ row: result.rowNumbers[index] ?? index + 2, ...row })) };
    },

    /** The corrected rows of a previewed file: the same checks and registration as the file; refusals name `loggers[i].field`. */
    async importRows(auth: AuthContext, loggers: LoggerRegistration['loggers']): Promise<number> {
      return registerRows(
        auth,
        loggers,
        (index) => index,
        (errors, code) => {
          const fieldErrors = errors.map((error) => ({ field: error.place === null ? error.field : `loggers[${error.place}].${error.field}`, message: error.message.replace(/^repeats row (\d+)$/, (_whole, first: string) => `repeats loggers[${first}]`) }));
          return new AppError(code, `${fieldErrors[0]?.field}: ${fieldErrors[0]?.message}`, 400, fieldErrors);
        },
      );
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
  };
};

export type LoggerImportService = ReturnType<typeof createLoggerImportService>;
