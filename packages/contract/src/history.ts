import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { batterySnPattern } from './device.js';
import { batterySnField } from './battery.js';
import type { Words } from './resource.js';
import { text } from './text.js';

/**
 * Battery daily and history (`/battery/history`) and the station chart (`/site/chart`): readings
 * over a day, a month, a year or a chosen range, in the station's own time zone, from the rollups.
 */

/** Rollup periods: 5-minute and hourly buckets in UTC, daily buckets from the station's local midnight. */
export const rollupPeriods = ['5m', '1h', '1d'] as const;
export type RollupPeriod = (typeof rollupPeriods)[number];

/** Longest range one history request may span, per period (about 2,000 points at most). */
export const historyRangeMaxDays: Record<RollupPeriod, number> = { '5m': 7, '1h': 90, '1d': 800 };

export const batteryHistoryQuerySchema = z
  .object({
    batterySn: batterySnField(),
    period: z.enum(rollupPeriods),
    /** ISO 8601 instants; `end` defaults to now, `begin` to one day (5m), 7 days (1h) or 30 days (1d) before it. */
    begin: z.iso.datetime({ offset: true }).optional(),
    end: z.iso.datetime({ offset: true }).optional(),
    _t: text().optional(),
  })
  .strict();
export type BatteryHistoryQuery = z.infer<typeof batteryHistoryQuerySchema>;

/** One rollup bucket: averages over its samples, extremes, and the day's energy counters at their highest. */
/**
 * The precision the platform answers measurements in (samples are stored as 4-byte floats, whose
 * last digits are noise): documented in docs/device-protocol.md section 4.1.
 */
const measurementDecimals = { soc: 1, soh: 1, voltage: 2, current: 2, power: 1, temperature: 1, energy: 3, cellVoltage: 3, cellTemperature: 1 } as const;

/** A measurement at its documented precision. */
export const roundMeasurement = (value: number, unit: keyof typeof measurementDecimals): number => {
  const factor = 10 ** measurementDecimals[unit];
  return Math.round(value * factor) / factor;
};

export const batteryHistoryPointSchema = z.object({
  bucketStart: text(),
  samples: z.number().int(),
  socAvg: z.number(),
  socMin: z.number(),
  socMax: z.number(),
  powerAvg: z.number(),
  powerMin: z.number(),
  powerMax: z.number(),
  voltageAvg: z.number(),
  currentAvg: z.number(),
  temperatureAvg: z.number(),
  temperatureMax: z.number(),
  chargeEnergy: z.number(),
  dischargeEnergy: z.number(),
});
export type BatteryHistoryPoint = z.infer<typeof batteryHistoryPointSchema>;

export const batteryHistorySchema = z.object({
  batterySn: text(),
  period: z.enum(rollupPeriods),
  begin: text(),
  end: text(),
  /** The time zone daily buckets start in (the logger's). */
  timezone: text(),
  points: z.array(batteryHistoryPointSchema),
});
export type BatteryHistory = z.infer<typeof batteryHistorySchema>;

/** Most points one series of a history or chart answer holds. */
export const historyPointsMax = 2000;

/**
 * Picks at most `maxPoints` of `points` (kept in order) so that every series' peaks and troughs
 * survive: the first and last point, then per equal slice of the rest, the points holding the
 * lowest and highest value of each series. Averaging or taking every n-th point would hide a spike.
 */
export function downsampleMinMax<T>(points: readonly T[], maxPoints: number, series: readonly ((point: T) => number)[]): T[] {
  if (points.length <= maxPoints) return [...points];
  if (maxPoints <= 0) return [];
  if (maxPoints === 1) return [points[0] as T];
  const perSlice = Math.max(1, 2 * series.length);
  const slices = Math.floor((maxPoints - 2) / perSlice);
  const inner = points.length - 2;
  if (slices < 1) {
    // Too few points for one slice per series: evenly spaced points, first and last included.
    return Array.from({ length: maxPoints }, (_, k) => points[Math.round((k * (points.length - 1)) / (maxPoints - 1))] as T);
  }
  const picked: T[] = [points[0] as T];
  for (let slice = 0; slice < slices; slice += 1) {
    const from = 1 + Math.floor((slice * inner) / slices);
    const to = 1 + Math.floor(((slice + 1) * inner) / slices);
    if (from >= to) continue;
    const indices = new Set<number>();
    if (series.length === 0) indices.add(from);
    for (const value of series) {
      let low = from;
      let high = from;
      let lowValue = value(points[from] as T);
      let highValue = lowValue;
      for (let index = from + 1; index < to; index += 1) {
        const current = value(points[index] as T);
        if (current < lowValue) [low, lowValue] = [index, current];
        if (current > highValue) [high, highValue] = [index, current];
      }
      indices.add(low).add(high);
    }
    for (const index of [...indices].sort((a, b) => a - b)) picked.push(points[index] as T);
  }
  picked.push(points[points.length - 1] as T);
  return picked;
}

const localDatePattern = /^(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A local calendar day, YYYY-MM-DD; 2026-02-30 fits the pattern but is no day, and is refused here, not by the database. */
const localDate = () =>
  text().refine((day) => localDatePattern.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day, 'must be a date YYYY-MM-DD from 1900 to 2099');

export const historyRanges = ['day', 'month', 'year', 'custom'] as const;
export type HistoryRange = (typeof historyRanges)[number];
/** Longest custom range, in days. */
export const historyCustomMaxDays = 366;

/** How energy bars are grouped: per day of a month, per month of a year, per year of all time. */
export const energyGroupings = ['day', 'month', 'year'] as const;
export type EnergyGrouping = (typeof energyGroupings)[number];

export const exportFileFormats = ['csv', 'xlsx'] as const;

const rangeQueryFields = {
  batterySn: text({ error: 'is required' }).regex(batterySnPattern, 'must be 4 to 40 letters, digits, dashes or underscores'),
  range: z.enum(historyRanges, { error: 'must be day, month, year or custom' }),
  /** The day (day), or any day of the month or year shown, in the station's zone; default today there. */
  date: localDate().optional(),
  /** First and last local day of a custom range (both included). */
  begin: localDate().optional(),
  end: localDate().optional(),
  _t: text().optional(),
};

const customRangeRule = (query: { range: HistoryRange; begin?: string | undefined; end?: string | undefined }, context: z.RefinementCtx) => {
  if (query.range !== 'custom') return;
  if (!query.begin) context.addIssue({ code: 'custom', path: ['begin'], message: 'is required for a custom range' });
  if (!query.end) context.addIssue({ code: 'custom', path: ['end'], message: 'is required for a custom range' });
  if (query.begin && query.end) {
    const days = (Date.parse(query.end) - Date.parse(query.begin)) / 86_400_000 + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['end'], message: 'must not be before begin' });
    else if (days > historyCustomMaxDays) context.addIssue({ code: 'custom', path: ['end'], message: `a custom range is at most ${historyCustomMaxDays} days` });
  }
};

/** `GET /want/battery/historyRange`. */
export const batteryRangeHistoryQuerySchema = z.object(rangeQueryFields).strict().superRefine(customRangeRule);
export type BatteryRangeHistoryQuery = z.infer<typeof batteryRangeHistoryQuerySchema>;

/** `GET /want/battery/historyRange/exportCsv|exportXls`: the same query. */
export const batteryRangeExportQuerySchema = batteryRangeHistoryQuerySchema;

/** Energy charged and discharged in one local day, month or year (kWh). */
export const energyBarSchema = z.object({
  /** YYYY-MM-DD, YYYY-MM or YYYY in the station's zone. */
  label: text(),
  chargeEnergy: z.number(),
  dischargeEnergy: z.number(),
});
export type EnergyBar = z.infer<typeof energyBarSchema>;

export const batteryRangePointSchema = batteryHistoryPointSchema.extend({
  /** The bucket's start in the station's zone, YYYY-MM-DD HH:mm. */
  localTime: text(),
});
export type BatteryRangePoint = z.infer<typeof batteryRangePointSchema>;

export const batteryRangeHistorySchema = z.object({
  batterySn: text(),
  range: z.enum(historyRanges),
  /** The rollup the points come from: the finest that the range allows. */
  period: z.enum(rollupPeriods),
  /** The range as instants (local midnight to midnight), ISO 8601. */
  begin: text(),
  end: text(),
  /** The station's IANA zone the range and labels are in. */
  timezone: text(),
  /** At most `historyPointsMax`, peaks kept. */
  points: z.array(batteryRangePointSchema),
  /** How many rollup buckets there were before thinning. */
  bucketCount: z.number().int(),
  energyGrouping: z.enum(energyGroupings),
  energy: z.array(energyBarSchema),
});
export type BatteryRangeHistory = z.infer<typeof batteryRangeHistorySchema>;

export const stationChartRanges = ['day', 'month', 'year', 'total'] as const;
export type StationChartRange = (typeof stationChartRanges)[number];

/** `GET /want/tbStation/chart` (and its exportCsv / exportXls). */
export const stationChartQuerySchema = z
  .object({
    id: text({ error: 'is required' }).min(1, 'is required').max(64, 'must be at most 64 characters'),
    range: z.enum(stationChartRanges, { error: 'must be day, month, year or total' }),
    date: localDate().optional(),
    _t: text().optional(),
  })
  .strict();
export type StationChartQuery = z.infer<typeof stationChartQuerySchema>;

export const stationChartPointSchema = z.object({
  bucketStart: text(),
  localTime: text(),
  /** Sum of the station's batteries' average power, kW. */
  power: z.number(),
  /** Average SOC of the batteries that reported, %. */
  soc: z.number(),
  /** Batteries that reported in the bucket. */
  batteries: z.number().int(),
});
export type StationChartPoint = z.infer<typeof stationChartPointSchema>;

export const stationChartSchema = z.object({
  id: text(),
  name: text(),
  range: z.enum(stationChartRanges),
  period: z.enum(rollupPeriods),
  begin: text(),
  end: text(),
  timezone: text(),
  points: z.array(stationChartPointSchema),
  bucketCount: z.number().int(),
  energyGrouping: z.enum(energyGroupings),
  energy: z.array(energyBarSchema),
});
export type StationChart = z.infer<typeof stationChartSchema>;

/** The history calls: battery daily and history (battery-history), the station chart (site-chart), the Loggers screen's battery chart. */
export const historyEndpoints = {
  /** The Loggers screen's battery chart: the rollups of one period. */
  batteryReadings: defineEndpoint({ method: 'GET', path: '/want/battery/history', query: batteryHistoryQuerySchema, result: batteryHistorySchema }),
  batteryRange: defineEndpoint({ method: 'GET', path: '/want/battery/historyRange', query: batteryRangeHistoryQuerySchema, result: batteryRangeHistorySchema }),
  stationChart: defineEndpoint({ method: 'GET', path: '/want/tbStation/chart', query: stationChartQuerySchema, result: stationChartSchema }),
};

/** Headings of the exports, in the caller's language. */
export const historyHeadings = {
  time: ['Time', '时间', 'Zeit'],
  soc: ['SOC (%)', 'SOC (%)', 'SOC (%)'],
  socMin: ['SOC min (%)', 'SOC 最小值 (%)', 'SOC min. (%)'],
  socMax: ['SOC max (%)', 'SOC 最大值 (%)', 'SOC max. (%)'],
  power: ['Power (kW)', '功率 (kW)', 'Leistung (kW)'],
  powerMin: ['Power min (kW)', '功率最小值 (kW)', 'Leistung min. (kW)'],
  powerMax: ['Power max (kW)', '功率最大值 (kW)', 'Leistung max. (kW)'],
  voltage: ['Voltage (V)', '电压 (V)', 'Spannung (V)'],
  current: ['Current (A)', '电流 (A)', 'Strom (A)'],
  temperature: ['Temperature (°C)', '温度 (°C)', 'Temperatur (°C)'],
  temperatureMax: ['Temperature max (°C)', '温度最大值 (°C)', 'Temperatur max. (°C)'],
  chargeEnergy: ['Charged today (kWh)', '当日充电量 (kWh)', 'Heute geladen (kWh)'],
  dischargeEnergy: ['Discharged today (kWh)', '当日放电量 (kWh)', 'Heute entladen (kWh)'],
  batteries: ['Batteries reporting', '上报电池数', 'Meldende Batterien'],
  batteryHistory: ['Battery history', '电池历史', 'Batterieverlauf'],
  stationChart: ['Station chart', '电站图表', 'Stationsdiagramm'],
} as const satisfies Record<string, Words>;
