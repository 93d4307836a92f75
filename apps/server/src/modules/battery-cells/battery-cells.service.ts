import { type BatteryCellHistory, type batteryCellHistoryQuerySchema, cellHistoryBucketMinutes } from '@cellsight/contract';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DeviceRecords } from '../device/index.js';
import type { BatteryCellsRepository } from './battery-cells.repository.js';

/** The cell heat map's data: every cell of a battery over one day of its own time zone, so a drifting cell stands out. */
export const createBatteryCellsService = (cells: BatteryCellsRepository, devices: DeviceRecords) => ({
  async dayHistory(auth: AuthContext, query: z.output<typeof batteryCellHistoryQuerySchema>): Promise<BatteryCellHistory> {
    // Outside the caller's scope is "not found", like a battery that does not exist.
    const battery = await devices.findVisibleBattery(query.batterySn, devices.visibleGsns(auth));
    if (!battery) throw notFound(`battery ${query.batterySn}`, 'batterySn');
    const date = query.date ?? (await cells.today(battery.timezone));
    const rows = await cells.dayBuckets(query.batterySn, date, battery.timezone, query.kind, cellHistoryBucketMinutes);
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
});
export type BatteryCellsService = ReturnType<typeof createBatteryCellsService>;
