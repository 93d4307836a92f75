import { z } from 'zod';
import { batterySnPattern } from './device.js';
import { defineEndpoint } from './endpoint.js';
import { text } from './text.js';

/** Minutes per column of the cell heat map: a day is 288 columns. */
export const cellHistoryBucketMinutes = 5;
export const cellHistoryKinds = ['voltage', 'temperature'] as const;

/** `GET /want/battery/cellHistory`: every cell of a battery over one day of its station's time zone (today when no date). */
export const batteryCellHistoryQuerySchema = z
  .object({
    batterySn: text().regex(batterySnPattern, 'must be a battery serial number'),
    date: text()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'must be a real date')
      .optional(),
    kind: z.enum(cellHistoryKinds, { error: `must be one of ${cellHistoryKinds.join(', ')}` }).default('voltage'),
    _t: text().optional(),
  })
  .strict();
export type BatteryCellHistoryQuery = z.input<typeof batteryCellHistoryQuerySchema>;

/**
 * The day's cells: `buckets` are the 5-minute columns that have readings (start times, ISO), and
 * `cells[c][b]` the average of cell c in bucket b (V or °C), null where that cell was not reported.
 */
export const batteryCellHistorySchema = z.object({
  batterySn: text(),
  date: text(),
  timezone: text(),
  kind: z.enum(cellHistoryKinds),
  bucketMinutes: z.number().int(),
  buckets: z.array(text()),
  cells: z.array(z.array(z.number().nullable())),
});
export type BatteryCellHistory = z.infer<typeof batteryCellHistorySchema>;

/** The cell heat map's call (the battery pages and the Loggers screen's battery drawer). */
export const batteryCellEndpoints = {
  /** Every cell of a battery over one day of its time zone, averaged per 5 minutes. */
  dayHistory: defineEndpoint({ method: 'GET', path: '/want/battery/cellHistory', query: batteryCellHistoryQuerySchema, result: batteryCellHistorySchema }),
};
