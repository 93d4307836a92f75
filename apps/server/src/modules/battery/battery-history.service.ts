import {
  type BatteryRangeHistory,
  type BatteryRangeHistoryQuery,
  type EnergyGrouping,
  type Language,
  type RollupPeriod,
  downsampleMinMax,
  historyHeadings,
  historyPointsMax,
  historyRangeMaxDays,
} from '@cellsight/contract';
import { notFound } from '../../lib/errors.js';
import { addDays, dayMs, energyGroupingOf, localDay, localTime, parseDay, rangeDays } from '../../lib/local-calendar.js';
import { type SheetColumn, kW, pointsFile } from '../../kit/points-file.js';
import type { ExportFormat } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import { visibleLoggerGsns } from '../../access/station-scope.js';
import type { BatteryReadingRepository } from './battery-reading.repository.js';

/** The finest rollup whose longest allowed range covers `days`. */
const finestPeriod = (days: number): RollupPeriod => (['5m', '1h', '1d'] as const).find((period) => days <= historyRangeMaxDays[period]) ?? '1d';

/** Battery history (battery-history) over a local day, month, year or custom range of the station's zone, and its files. */
export const createBatteryHistoryService = (readings: BatteryReadingRepository, now: () => Date = () => new Date()) => {
  const service = {
    async batteryHistory(auth: AuthContext, query: BatteryRangeHistoryQuery): Promise<BatteryRangeHistory> {
      const zone = await readings.batteryZone(query.batterySn, visibleLoggerGsns(auth));
      if (!zone) throw notFound(`battery ${query.batterySn}`, 'batterySn');
      const [fromDay, toDay] =
        query.range === 'custom' ? [query.begin as string, addDays(query.end as string, 1)] : rangeDays(query.range, query.date ?? localDay(now(), zone));
      const days = (parseDay(toDay).getTime() - parseDay(fromDay).getTime()) / dayMs;
      const period = finestPeriod(days);
      const [begin, end] = await readings.localMidnights(zone, fromDay, toDay);
      const grouping = energyGroupingOf[query.range] as EnergyGrouping;
      const [buckets, energy] = await Promise.all([readings.rollups(query.batterySn, period, begin, end), readings.batteryEnergy(query.batterySn, zone, begin, end, grouping)]);
      const points = downsampleMinMax(buckets, historyPointsMax, [(p) => p.powerAvg, (p) => p.socAvg, (p) => p.temperatureMax]).map((point) => ({
        ...point,
        localTime: localTime(new Date(point.bucketStart), zone),
      }));
      return { batterySn: query.batterySn, range: query.range, period, begin: begin.toISOString(), end: end.toISOString(), timezone: zone, points, bucketCount: buckets.length, energyGrouping: grouping, energy };
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
  };
  return service;
};

export type BatteryHistoryService = ReturnType<typeof createBatteryHistoryService>;
