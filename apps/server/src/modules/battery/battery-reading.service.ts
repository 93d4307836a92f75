import {
  type BatteryCellHistory,
  type BatteryCells,
  type BatteryHistory,
  type BatteryHistoryQuery,
  type RollupPeriod,
  type batteryCellHistoryQuerySchema,
  cellHistoryBucketMinutes,
  historyRangeMaxDays,
} from '@cellsight/contract';
import type { z } from 'zod';
import { invalidField, notFound } from '../../lib/errors.js';
import { dayMs } from '../../lib/local-calendar.js';
import type { AuthContext } from '../../access/auth-context.js';
import { visibleLoggerGsns } from '../../access/station-scope.js';
import type { BatteryRepository } from './battery.repository.js';
import type { BatteryReadingRepository } from './battery-reading.repository.js';

/** How far back a history goes when the request names no `begin`. */
const defaultRangeDays: Record<RollupPeriod, number> = { '5m': 1, '1h': 7, '1d': 30 };

/**
 * What a battery's page and the Loggers screen's battery drawer read of its readings: the latest
 * cells, its rollups over time, every cell over one day of its own zone (the heat map, where a
 * drifting cell stands out). A battery outside the caller's scope is "not found", like one that does
 * not exist.
 */
export const createBatteryReadingService = (batteries: Pick<BatteryRepository, 'findVisibleBattery'>, readings: BatteryReadingRepository, now: () => Date = () => new Date()) => {
  const visibleBattery = async (auth: AuthContext, batterySn: string, field?: string) => {
    const battery = await batteries.findVisibleBattery(batterySn, visibleLoggerGsns(auth));
    if (!battery) throw notFound(`battery ${batterySn}`, field);
    return battery;
  };

  return {
    /** Cell voltages and temperatures of a battery's latest sample. */
    async latestCells(auth: AuthContext, batterySn: string): Promise<BatteryCells> {
      await visibleBattery(auth, batterySn);
      const cells = await readings.latestCells(batterySn);
      if (!cells) throw notFound(`a reading of battery ${batterySn}`);
      return cells;
    },

    /** A battery's readings over time from the rollups, for charts. */
    async readings(auth: AuthContext, query: BatteryHistoryQuery): Promise<BatteryHistory> {
      const end = query.end ? new Date(query.end) : now();
      const begin = query.begin ? new Date(query.begin) : new Date(end.getTime() - defaultRangeDays[query.period] * dayMs);
      if (begin >= end) throw invalidField('begin', 'must be before end');
      if (end.getTime() - begin.getTime() > historyRangeMaxDays[query.period] * dayMs) {
        throw invalidField('begin', `with period ${query.period} the range is at most ${historyRangeMaxDays[query.period]} days`);
      }
      const battery = await visibleBattery(auth, query.batterySn);
      const points = await readings.rollups(query.batterySn, query.period, begin, end);
      return { batterySn: query.batterySn, period: query.period, begin: begin.toISOString(), end: end.toISOString(), timezone: battery.timezone, points };
    },

    /** Every cell of a battery over one day of its own time zone, averaged per bucket. */
    async cellDay(auth: AuthContext, query: z.output<typeof batteryCellHistoryQuerySchema>): Promise<BatteryCellHistory> {
      const battery = await visibleBattery(auth, query.batterySn, 'batterySn');
      const date = query.date ?? (await readings.today(battery.timezone));
      const rows = await readings.dayBuckets(query.batterySn, date, battery.timezone, query.kind, cellHistoryBucketMinutes);
      const buckets = [...new Set(rows.map((row) => new Date(row.bucket).toISOString()))];
      const column = new Map(buckets.map((bucket, index) => [bucket, index]));
      const cellCount = rows.reduce((most, row) => Math.max(most, row.cell), 0);
      const grid = Array.from({ length: cellCount }, () => Array<number | null>(buckets.length).fill(null));
      const decimals = query.kind === 'voltage' ? 1000 : 10;
      for (const row of rows) {
        const cellRow = grid[row.cell - 1];
        const index = column.get(new Date(row.bucket).toISOString());
        if (cellRow && index !== undefined) cellRow[index] = Math.round(row.value * decimals) / decimals;
      }
      return { batterySn: query.batterySn, date, timezone: battery.timezone, kind: query.kind, bucketMinutes: cellHistoryBucketMinutes, buckets, cells: grid };
    },
  };
};

export type BatteryReadingService = ReturnType<typeof createBatteryReadingService>;
