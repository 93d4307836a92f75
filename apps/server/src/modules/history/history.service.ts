import {
  type BatteryRangeHistory,
  type BatteryRangeHistoryQuery,
  type EnergyGrouping,
  type Language,
  type RollupPeriod,
  type StationChart,
  type StationChartQuery,
  type Words,
  downsampleMinMax,
  historyHeadings,
  historyPointsMax,
  historyRangeMaxDays,
  roundMeasurement,
  wordsIn,
} from '@cellsight/contract';
import { notFound } from '../../lib/errors.js';
import { type ExportFormat, type SpreadsheetCell, exportFormats } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DeviceRecords } from '../device/index.js';
import { stationCondition, visibleLoggerGsns } from '../../access/station-scope.js';
import type { HistoryRepository } from './history.repository.js';

const dayMs = 86_400_000;

/** YYYY-MM-DD of a UTC date (plain calendar arithmetic; the zone comes in at the midnights). */
const ymd = (date: Date): string => date.toISOString().slice(0, 10);
const parseDay = (day: string): Date => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number): string => ymd(new Date(parseDay(day).getTime() + days * dayMs));

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const cached = (cache: Map<string, Intl.DateTimeFormat>, zone: string, make: () => Intl.DateTimeFormat) => {
  let format = cache.get(zone);
  if (!format) cache.set(zone, (format = make()));
  return format;
};
/** The calendar day of an instant in a zone. */
export const localDay = (instant: Date, zone: string): string =>
  cached(dayFormats, zone, () => new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(instant);
/** An instant as YYYY-MM-DD HH:mm in a zone. */
export const localTime = (instant: Date, zone: string): string =>
  cached(timeFormats, zone, () => new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }))
    .format(instant)
    .replace('T', ' ');

/** The local days [from, to) a range covers around `date`. */
const rangeDays = (range: 'day' | 'month' | 'year', date: string): [string, string] => {
  const [year, month] = date.split('-') as [string, string];
  if (range === 'day') return [date, addDays(date, 1)];
  if (range === 'month') {
    const next = new Date(Date.UTC(Number(year), Number(month), 1));
    return [`${year}-${month}-01`, ymd(next)];
  }
  return [`${year}-01-01`, `${Number(year) + 1}-01-01`];
};

/** The finest rollup whose longest allowed range covers `days`. */
const finestPeriod = (days: number): RollupPeriod => (['5m', '1h', '1d'] as const).find((period) => days <= historyRangeMaxDays[period]) ?? '1d';
const energyGroupingOf: Record<string, EnergyGrouping> = { day: 'day', month: 'day', custom: 'day', year: 'month', total: 'year' };

const kW = (watts: number) => roundMeasurement(watts / 1000, 'energy');

interface SheetColumn<P> {
  heading: Words;
  value(point: P): SpreadsheetCell;
}

/** The points shown as a file: headings in the caller's language, the time column in the station's zone. */
async function pointsFile<P>(title: Words, subject: string, zone: string, columns: SheetColumn<P>[], points: P[], language: Language, format: ExportFormat) {
  const heading = (words: Words) => wordsIn(words, language);
  const sheetColumns = [{ header: `${heading(historyHeadings.time)} (${zone})`, width: 18 }, ...columns.map((column) => ({ header: heading(column.heading), width: 16 }))];
  const { contentType, write } = exportFormats[format];
  const name = heading(title);
  return { fileName: `${name}-${subject}.${format}`, contentType, data: await write(name.slice(0, 31), sheetColumns, points.map((point) => [(point as { localTime: string }).localTime, ...columns.map((column) => column.value(point))])) };
}

/** Battery history over a day, month, year or custom range, and the station chart, in the station's zone. */
export const createHistoryService = (history: HistoryRepository, devices: DeviceRecords, now: () => Date = () => new Date()) => {
  const service = {
    async batteryHistory(auth: AuthContext, query: BatteryRangeHistoryQuery): Promise<BatteryRangeHistory> {
      const zone = await history.batteryZone(query.batterySn, visibleLoggerGsns(auth));
      if (!zone) throw notFound(`battery ${query.batterySn}`, 'batterySn');
      const [fromDay, toDay] =
        query.range === 'custom' ? [query.begin as string, addDays(query.end as string, 1)] : rangeDays(query.range, query.date ?? localDay(now(), zone));
      const days = (parseDay(toDay).getTime() - parseDay(fromDay).getTime()) / dayMs;
      const period = finestPeriod(days);
      const [begin, end] = await history.localMidnights(zone, fromDay, toDay);
      const grouping = energyGroupingOf[query.range] as EnergyGrouping;
      const [buckets, energy] = await Promise.all([devices.rollups(query.batterySn, period, begin, end), history.batteryEnergy(query.batterySn, zone, begin, end, grouping)]);
      const points = downsampleMinMax(buckets, historyPointsMax, [(p) => p.powerAvg, (p) => p.socAvg, (p) => p.temperatureMax]).map((point) => ({
        ...point,
        localTime: localTime(new Date(point.bucketStart), zone),
      }));
      return { batterySn: query.batterySn, range: query.range, period, begin: begin.toISOString(), end: end.toISOString(), timezone: zone, points, bucketCount: buckets.length, energyGrouping: grouping, energy };
    },

    async stationChart(auth: AuthContext, query: StationChartQuery): Promise<StationChart> {
      const station = await history.station(query.id, stationCondition(auth));
      if (!station) throw notFound(`station ${query.id}`, 'id');
      const zone = station.zone;
      const today = localDay(now(), zone);
      let fromDay: string;
      let toDay: string;
      if (query.range === 'total') {
        const first = await history.stationFirstDay(station.id);
        [fromDay, toDay] = [first ? localDay(first, zone) : today, addDays(today, 1)];
      } else {
        [fromDay, toDay] = rangeDays(query.range, query.date ?? today);
      }
      const period: RollupPeriod = query.range === 'day' ? '5m' : query.range === 'month' ? '1h' : '1d';
      const [begin, end] = await history.localMidnights(zone, fromDay, toDay);
      const grouping = energyGroupingOf[query.range] as EnergyGrouping;
      const [buckets, energy] = await Promise.all([history.stationBuckets(station.id, period, begin, end), history.stationEnergy(station.id, zone, begin, end, grouping)]);
      const points = downsampleMinMax(buckets, historyPointsMax, [(b) => b.power, (b) => b.soc]).map((bucket) => ({
        bucketStart: bucket.bucketStart.toISOString(),
        localTime: localTime(bucket.bucketStart, zone),
        power: kW(bucket.power),
        soc: roundMeasurement(bucket.soc, 'soc'),
        batteries: bucket.batteries,
      }));
      return { id: station.id, name: station.name, range: query.range, period, begin: begin.toISOString(), end: end.toISOString(), timezone: zone, points, bucketCount: buckets.length, energyGrouping: grouping, energy };
    },

    async exportBatteryHistory(auth: AuthContext, query: BatteryRangeHistoryQuery, language: Language, format: ExportFormat) {
      const shown = await service.batteryHistory(auth, query);
      const h = historyHeadings;
      type P = (typeof shown.points)[number];
      const columns: SheetColumn<P>[] = [
        { heading: h.soc, value: (p) => p.socAvg },
        { heading: h.socMin, value: (p) => p.socMin },
        { heading: h.socMax, value: (p) => p.socMax },
        { heading: h.power, value: (p) => kW(p.powerAvg) },
        { heading: h.powerMin, value: (p) => kW(p.powerMin) },
        { heading: h.powerMax, value: (p) => kW(p.powerMax) },
        { heading: h.voltage, value: (p) => p.voltageAvg },
        { heading: h.current, value: (p) => p.currentAvg },
        { heading: h.temperature, value: (p) => p.temperatureAvg },
        { heading: h.temperatureMax, value: (p) => p.temperatureMax },
        { heading: h.chargeEnergy, value: (p) => p.chargeEnergy },
        { heading: h.dischargeEnergy, value: (p) => p.dischargeEnergy },
      ];
      return pointsFile(h.batteryHistory, `${shown.batterySn}-${shown.range}-${localDay(new Date(shown.begin), shown.timezone)}`, shown.timezone, columns, shown.points, language, format);
    },

    async exportStationChart(auth: AuthContext, query: StationChartQuery, language: Language, format: ExportFormat) {
      const shown = await service.stationChart(auth, query);
      const h = historyHeadings;
      type P = (typeof shown.points)[number];
      const columns: SheetColumn<P>[] = [
        { heading: h.power, value: (p) => p.power },
        { heading: h.soc, value: (p) => p.soc },
        { heading: h.batteries, value: (p) => p.batteries },
      ];
      return pointsFile(h.stationChart, `${shown.name}-${shown.range}-${localDay(new Date(shown.begin), shown.timezone)}`, shown.timezone, columns, shown.points, language, format);
    },
  };
  return service;
};

export type HistoryService = ReturnType<typeof createHistoryService>;
