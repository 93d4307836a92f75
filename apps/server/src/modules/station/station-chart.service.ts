import {
  type EnergyBar,
  type EnergyGrouping,
  type Language,
  type RollupPeriod,
  type StationChart,
  type StationChartQuery,
  downsampleMinMax,
  historyHeadings,
  historyPointsMax,
  roundMeasurement,
} from '@cellsight/contract';
import { notFound } from '../../lib/errors.js';
import { addDays, energyGroupingOf, localDay, localTime, rangeDays } from '../../lib/local-calendar.js';
import { type SheetColumn, kW, pointsFile } from '../../kit/points-file.js';
import type { ExportFormat } from '../../kit/spreadsheet.js';
import type { AuthContext } from '../../access/auth-context.js';
import { stationCondition } from '../../access/station-scope.js';
import type { StationRepository } from './station.repository.js';

/**
 * A station's batteries summed from their rollups: the battery module's `app.batteries` answers
 * these (declared here, so that stations do not depend on the module whose tables point at theirs).
 */
export interface StationBatterySums {
  /** Per bucket of `period` in [begin, end): the batteries' summed average power (W) and average SOC, oldest first. */
  stationBuckets(stationId: string, period: RollupPeriod, begin: Date, end: Date): Promise<{ bucketStart: Date; power: number; soc: number; batteries: number }[]>;
  stationEnergy(stationId: string, zone: string, begin: Date, end: Date, grouping: EnergyGrouping): Promise<EnergyBar[]>;
  /** The first daily bucket of any of the station's batteries (where "total" begins), or null. */
  stationFirstDay(stationId: string): Promise<Date | null>;
}

export interface StationChartDeps {
  stations: Pick<StationRepository, 'chartStation' | 'localMidnights'>;
  batteries: StationBatterySums;
}

/** The station chart (site-chart): power, SOC and energy over a local day, month, year or all time of the station's zone, and its files. */
export const createStationChartService = ({ stations, batteries }: StationChartDeps, now: () => Date = () => new Date()) => {
  const service = {
    async stationChart(auth: AuthContext, query: StationChartQuery): Promise<StationChart> {
      const station = await stations.chartStation(query.id, stationCondition(auth));
      if (!station) throw notFound(`station ${query.id}`, 'id');
      const zone = station.zone;
      const today = localDay(now(), zone);
      let fromDay: string;
      let toDay: string;
      if (query.range === 'total') {
        const first = await batteries.stationFirstDay(station.id);
        [fromDay, toDay] = [first ? localDay(first, zone) : today, addDays(today, 1)];
      } else {
        [fromDay, toDay] = rangeDays(query.range, query.date ?? today);
      }
      const period: RollupPeriod = query.range === 'day' ? '5m' : query.range === 'month' ? '1h' : '1d';
      const [begin, end] = await stations.localMidnights(zone, fromDay, toDay);
      const grouping = energyGroupingOf[query.range] as EnergyGrouping;
      const [buckets, energy] = await Promise.all([batteries.stationBuckets(station.id, period, begin, end), batteries.stationEnergy(station.id, zone, begin, end, grouping)]);
      const points = downsampleMinMax(buckets, historyPointsMax, [(b) => b.power, (b) => b.soc]).map((bucket) => ({
        bucketStart: bucket.bucketStart.toISOString(),
        localTime: localTime(bucket.bucketStart, zone),
        power: kW(bucket.power),
        soc: roundMeasurement(bucket.soc, 'soc'),
        batteries: bucket.batteries,
      }));
      return { id: station.id, name: station.name, range: query.range, period, begin: begin.toISOString(), end: end.toISOString(), timezone: zone, points, bucketCount: buckets.length, energyGrouping: grouping, energy };
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

export type StationChartService = ReturnType<typeof createStationChartService>;
