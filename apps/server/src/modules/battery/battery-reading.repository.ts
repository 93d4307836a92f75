import { type BatteryCells, type BatteryHistoryPoint, type EnergyBar, type EnergyGrouping, type RollupPeriod, roundMeasurement } from '@cellsight/contract';
import { type SQL, and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { zoneRules } from '../../db/zone-rules.js';
import { batteries, batteryRollups, loggers, stations } from '../../db/schema.js';

const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export interface CellBucketRow {
  bucket: Date | string;
  cell: number;
  value: number;
}

/** A station's aggregate of one rollup bucket, before rounding. */
export interface StationBucket {
  bucketStart: Date;
  /** Sum of the batteries' average power, W. */
  power: number;
  soc: number;
  batteries: number;
}

/** `to_char` patterns of the energy groupings' labels. */
const labelFormat: Record<EnergyGrouping, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

/**
 * Batteries' readings: the latest cells, the rollups (5-minute, hourly, daily) that charts and
 * histories read (never raw samples, except the cell heat map's one day), a station's batteries
 * summed. The caller's scope comes in as SQL (`visibleLoggerGsns`), so a battery outside it is not
 * found like one that does not exist.
 */
export const createBatteryReadingRepository = (db: Database) => {
  /** Energy bars from the daily rollups in [begin, end), grouped by local day, month or year of `zone`. */
  const energy = async (rollupsOf: SQL, zone: string, begin: Date, end: Date, grouping: EnergyGrouping): Promise<EnergyBar[]> => {
    const r = batteryRollups;
    const rows = await rowsOf<{ label: string; charge: number | string; discharge: number | string }>(
      db,
      sql`select to_char(date_trunc(${grouping}, ${r.bucketStart} at time zone ${zone}), ${labelFormat[grouping]}) as label,
          sum(${r.chargeEnergy}) as charge, sum(${r.dischargeEnergy}) as discharge
        from ${r} where ${r.batterySn} in ${rollupsOf} and ${r.period} = '1d' and ${r.bucketStart} >= ${begin} and ${r.bucketStart} < ${end}
        group by 1 order by 1`,
    );
    return rows.map((row) => ({ label: row.label, chargeEnergy: roundMeasurement(Number(row.charge), 'energy'), dischargeEnergy: roundMeasurement(Number(row.discharge), 'energy') }));
  };
  /** Serial numbers of a station's batteries (through the loggers bound to it), as a subquery. */
  const stationBatteries = (stationId: string): SQL =>
    sql`(select ${batteries.batterySn} from ${batteries} join ${loggers} on ${loggers.gsn} = ${batteries.loggerGsn} where ${loggers.stationId} = ${stationId})`;

  return {
    /** The cell arrays of the battery's latest sample (found through its `last_ts`, so one partition is read). */
    async latestCells(batterySn: string): Promise<BatteryCells | null> {
      const result = await db.execute(sql`
        select s.ts, s.cell_voltages, s.cell_temperatures
        from ${batteries} b join tb_battery_sample s on s.battery_sn = b.battery_sn and s.ts = b.last_ts
        where b.battery_sn = ${batterySn}`);
      const [row] = (result as unknown as { rows: { ts: Date | string; cell_voltages: number[]; cell_temperatures: number[] }[] }).rows;
      if (!row) return null;
      return {
        batterySn,
        ts: new Date(row.ts).toISOString(),
        cellVoltages: row.cell_voltages.map((value) => roundMeasurement(Number(value), 'cellVoltage')),
        cellTemperatures: row.cell_temperatures.map((value) => roundMeasurement(Number(value), 'cellTemperature')),
      };
    },

    /** Rollup buckets of one battery starting in [begin, end), oldest first. */
    async rollups(batterySn: string, period: RollupPeriod, begin: Date, end: Date): Promise<BatteryHistoryPoint[]> {
      const r = batteryRollups;
      const rows = await db
        .select()
        .from(r)
        .where(and(eq(r.batterySn, batterySn), eq(r.period, period), gte(r.bucketStart, begin), lt(r.bucketStart, end)))
        .orderBy(asc(r.bucketStart));
      return rows.map((row) => ({
        bucketStart: row.bucketStart.toISOString(),
        samples: row.samples,
        socAvg: roundMeasurement(row.socSum / row.samples, 'soc'),
        socMin: roundMeasurement(row.socMin, 'soc'),
        socMax: roundMeasurement(row.socMax, 'soc'),
        powerAvg: roundMeasurement(row.powerSum / row.samples, 'power'),
        powerMin: roundMeasurement(row.powerMin, 'power'),
        powerMax: roundMeasurement(row.powerMax, 'power'),
        voltageAvg: roundMeasurement(row.voltageSum / row.samples, 'voltage'),
        currentAvg: roundMeasurement(row.currentSum / row.samples, 'current'),
        temperatureAvg: roundMeasurement(row.temperatureSum / row.samples, 'temperature'),
        temperatureMax: roundMeasurement(row.temperatureMax, 'temperature'),
        chargeEnergy: roundMeasurement(row.chargeEnergy, 'energy'),
        dischargeEnergy: roundMeasurement(row.dischargeEnergy, 'energy'),
      }));
    },

    /**
     * Each cell's average per `bucketMinutes` bucket over one local day (`date` at midnight in `timeZone`
     * to the next midnight, DST-correct), 1-based cell numbers; only buckets with readings.
     */
    async dayBuckets(batterySn: string, date: string, timeZone: string, kind: 'voltage' | 'temperature', bucketMinutes: number): Promise<CellBucketRow[]> {
      const cells = kind === 'voltage' ? sql.raw('s.cell_voltages') : sql.raw('s.cell_temperatures');
      const start = sql`(cast(${date} as date)::timestamp at time zone ${timeZone})`;
      const end = sql`((cast(${date} as date) + 1)::timestamp at time zone ${timeZone})`;
      const result = await db.execute(sql`
        select date_bin(make_interval(mins => ${bucketMinutes}), s.ts, ${start}) as bucket, c.ord::int as cell, avg(c.v)::float8 as value
        from tb_battery_sample s cross join lateral unnest(${cells}) with ordinality as c(v, ord)
        where s.battery_sn = ${batterySn} and s.ts >= ${start} and s.ts < ${end}
        group by 1, 2
        order by 1, 2`);
      return (result as unknown as { rows: CellBucketRow[] }).rows;
    },

    /** Today's date (YYYY-MM-DD) in a time zone. */
    today: (zone: string) => zoneRules.today(db, zone),
    /** The instants of local midnight of two days in `zone`. */
    localMidnights: (zone: string, from: string, to: string) => zoneRules.midnights(db, zone, from, to),

    /** The time zone of a battery in `loggerScope`: its station's, else its logger's; null when not visible. */
    async batteryZone(batterySn: string, loggerScope: SQL): Promise<string | null> {
      const [row] = await rowsOf<{ zone: string }>(
        db,
        sql`select coalesce(${stations.zone}, ${loggers.timezone}) as zone from ${batteries}
          join ${loggers} on ${loggers.gsn} = ${batteries.loggerGsn} left join ${stations} on ${stations.id} = ${loggers.stationId}
          where ${batteries.batterySn} = ${batterySn} and ${batteries.loggerGsn} in ${loggerScope} limit 1`,
      );
      return row?.zone ?? null;
    },

    batteryEnergy: (batterySn: string, zone: string, begin: Date, end: Date, grouping: EnergyGrouping) => energy(sql`(${batterySn})`, zone, begin, end, grouping),
    stationEnergy: (stationId: string, zone: string, begin: Date, end: Date, grouping: EnergyGrouping) => energy(stationBatteries(stationId), zone, begin, end, grouping),

    /** Per bucket of `period` in [begin, end): the station's batteries' summed average power and average SOC, oldest first. */
    async stationBuckets(stationId: string, period: RollupPeriod, begin: Date, end: Date): Promise<StationBucket[]> {
      const r = batteryRollups;
      const rows = await rowsOf<{ bucket_start: Date | string; power: number | string; soc: number | string; batteries: number | string }>(
        db,
        sql`select ${r.bucketStart} as bucket_start, sum(${r.powerSum} / ${r.samples}) as power, avg(${r.socSum} / ${r.samples}) as soc, count(*)::int as batteries
          from ${r} where ${r.batterySn} in ${stationBatteries(stationId)} and ${r.period} = ${period} and ${r.bucketStart} >= ${begin} and ${r.bucketStart} < ${end}
          group by ${r.bucketStart} order by ${r.bucketStart}`,
      );
      return rows.map((row) => ({ bucketStart: new Date(row.bucket_start), power: Number(row.power), soc: Number(row.soc), batteries: Number(row.batteries) }));
    },

    /** The first daily bucket of any of the station's batteries (where "total" begins), or null. */
    async stationFirstDay(stationId: string): Promise<Date | null> {
      const r = batteryRollups;
      const [row] = await rowsOf<{ first: Date | string | null }>(db, sql`select min(${r.bucketStart}) as first from ${r} where ${r.batterySn} in ${stationBatteries(stationId)} and ${r.period} = '1d'`);
      return row?.first ? new Date(row.first) : null;
    },
  };
};

export type BatteryReadingRepository = ReturnType<typeof createBatteryReadingRepository>;
