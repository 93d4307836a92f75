import { type EnergyBar, type EnergyGrouping, type RollupPeriod, roundMeasurement } from '@cellsight/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { batteries, batteryRollups, loggers, stations } from '../../db/schema.js';

const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

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
 * Reads for battery history and the station chart, from the rollups only (never raw samples). The
 * caller's scope comes in as SQL (`visibleLoggerGsns`, `stationCondition`), so a record outside it
 * is not found like one that does not exist.
 */
export const createHistoryRepository = (db: Database) => {
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

    /** A station within `stationScope` (a condition on tb_station): its name and zone. */
    async station(id: string, stationScope: SQL): Promise<{ id: string; name: string; zone: string } | null> {
      const [row] = await rowsOf<{ id: string; name: string; zone: string }>(
        db,
        sql`select ${stations.id} as id, ${stations.name} as name, ${stations.zone} as zone from ${stations} where ${stations.id} = ${id} and ${stationScope} limit 1`,
      );
      return row ?? null;
    },

    /** The instants of local midnight of two days in `zone` (DST-correct: PostgreSQL's zone rules). */
    async localMidnights(zone: string, from: string, to: string): Promise<[Date, Date]> {
      const [row] = await rowsOf<{ b: Date | string; e: Date | string }>(db, sql`select (${from}::timestamp at time zone ${zone}) as b, (${to}::timestamp at time zone ${zone}) as e`);
      if (!row) throw new Error('no answer to a constant select');
      return [new Date(row.b), new Date(row.e)];
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

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
