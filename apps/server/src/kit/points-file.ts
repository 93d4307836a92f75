import { type Language, type Words, historyHeadings, roundMeasurement, wordsIn } from '@cellsight/contract';
import { type ExportFormat, type SpreadsheetCell, exportFormats } from './spreadsheet.js';

/** Watts as kilowatts, rounded as energies are. */
export const kW = (watts: number) => roundMeasurement(watts / 1000, 'energy');

export interface SheetColumn<P> {
  heading: Words;
  value(point: P): SpreadsheetCell;
}

/** A chart's points as a file (battery history, station chart): headings in the caller's language, the time column in the station's zone. */
export async function pointsFile<P extends { localTime: string }>(title: Words, subject: string, zone: string, columns: SheetColumn<P>[], points: P[], language: Language, format: ExportFormat) {
  const heading = (words: Words) => wordsIn(words, language);
  const sheetColumns = [{ header: `${heading(historyHeadings.time)} (${zone})`, width: 18 }, ...columns.map((column) => ({ header: heading(column.heading), width: 16 }))];
  const { contentType, write } = exportFormats[format];
  const name = heading(title);
  return { fileName: `${name}-${subject}.${format}`, contentType, data: await write(name.slice(0, 31), sheetColumns, points.map((point) => [point.localTime, ...columns.map((column) => column.value(point))])) };
}
