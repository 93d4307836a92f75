import { type SQL, and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type BatteryRecord, batteryListColumns } from '@cellsight/contract';
import type { Database } from '../../db/database.js';
import { batteries, loggers, stations } from '../../db/schema.js';
import { selectPage } from '../../kit/select-page.js';
import { type BuiltListQuery, defineListSpec } from '../../kit/list-query.js';

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/**
 * A battery's station, read through its logger: a list's filters and sort use the same expression,
 * and the count reads tb_battery alone.
 */
export const batteryStation = {
  stationId: sql<string | null>`(select l.station_id from ${loggers} l where l.gsn = ${batteries.loggerGsn})`,
  stationName: sql<string | null>`(select s.name from ${loggers} l join ${stations} s on s.id = l.station_id where l.gsn = ${batteries.loggerGsn})`,
};
/** The battery list's columns (the contract's) and the database column each reads. */
export const batteryListSpec = defineListSpec(
  batteryListColumns,
  {
    batterySn: batteries.batterySn,
    bmsSn: batteries.bmsSn,
    bmuSn: batteries.bmuSn,
    loggerGsn: batteries.loggerGsn,
    // Filters and sorts by the same subquery the record shows (the list contract takes any SQL expression).
    stationName: batteryStation.stationName as unknown as AnyPgColumn,
    alias: batteries.alias,
    state: batteries.state,
    status: batteries.status,
    soc: batteries.soc,
    soh: batteries.soh,
    cycles: batteries.cycles,
    role: batteries.role,
    workMode: batteries.workMode,
    lastTs: batteries.lastTs,
    createTime: batteries.createTime,
  },
  { name: 'batterySn', order: 'asc' },
  batteries.batterySn,
);

/** The batteries of one station's loggers (the station page's battery list). */
export const batteriesOnStation = (stationId: string): SQL => sql`${batteries.loggerGsn} in (select ${loggers.gsn} from ${loggers} where ${loggers.stationId} = ${stationId})`;

/** The batteries among these serial numbers (an export of the rows selected on screen). */
export const batteriesAmong = (batterySns: string[]): SQL => inArray(batteries.batterySn, batterySns);

const batteryColumns = { ...getTableColumns(batteries), stationId: batteryStation.stationId.as('station_id'), stationName: batteryStation.stationName.as('station_name') };
const toBatteryRecord = ({ lastTs, createTime, ...row }: { lastTs: Date | null; createTime: Date } & Omit<BatteryRecord, 'lastTs' | 'createTime'>): BatteryRecord => ({
  ...row,
  lastTs: iso(lastTs),
  createTime: createTime.toISOString(),
});

/** Batteries: the registry of packs with their latest reading, which logger reports each, their alias. */
export const createBatteryRepository = (db: Database) => ({
  /** The battery's logger and its time zone, if the logger is within `loggerScope`. */
  async findVisibleBattery(batterySn: string, loggerScope: SQL): Promise<{ gsn: string; timezone: string } | null> {
    const [row] = await db
      .select({ gsn: loggers.gsn, timezone: loggers.timezone })
      .from(batteries)
      .innerJoin(loggers, eq(loggers.gsn, batteries.loggerGsn))
      .where(and(eq(batteries.batterySn, batterySn), inArray(batteries.loggerGsn, loggerScope)))
      .limit(1);
    return row ?? null;
  },

  /** A page of batteries with their latest reading and station, of the loggers in `loggerScope`. */
  async listBatteries(built: BuiltListQuery, loggerScope: SQL): Promise<{ records: BatteryRecord[]; total: number }> {
    const { rows, total } = await selectPage(db, batteries, db.select(batteryColumns).from(batteries).$dynamic(), built, inArray(batteries.loggerGsn, loggerScope));
    return { records: rows.map(toBatteryRecord), total };
  },

  /** The batteries of `batterySns` (an export's selection, one detail) within `loggerScope`, in serial order. */
  async batteriesBySn(batterySns: string[], loggerScope: SQL): Promise<BatteryRecord[]> {
    if (batterySns.length === 0) return [];
    const rows = await db
      .select(batteryColumns)
      .from(batteries)
      .where(and(inArray(batteries.batterySn, batterySns), inArray(batteries.loggerGsn, loggerScope)))
      .orderBy(asc(batteries.batterySn));
    return rows.map(toBatteryRecord);
  },

  /** Sets a battery's alias, only within `loggerScope`; whether it was there to change. */
  async setBatteryAlias(batterySn: string, alias: string | null, loggerScope: SQL): Promise<boolean> {
    const rows = await db
      .update(batteries)
      .set({ alias })
      .where(and(eq(batteries.batterySn, batterySn), inArray(batteries.loggerGsn, loggerScope)))
      .returning({ batterySn: batteries.batterySn });
    return rows.length > 0;
  },

  /** Owner logger of each battery that exists. */
  async batteryOwners(batterySns: string[]): Promise<Map<string, string>> {
    if (batterySns.length === 0) return new Map();
    const rows = await db.select({ sn: batteries.batterySn, gsn: batteries.loggerGsn }).from(batteries).where(inArray(batteries.batterySn, batterySns));
    return new Map(rows.map((r) => [r.sn, r.gsn]));
  },

  /**
   * Gives a battery to another logger, only if `fromGsn` still owns it (two concurrent moves: the
   * second finds the owner changed and is refused). Its samples, rollups and events stay as they are:
   * they belong to the battery, not to the logger. `alsoInTransaction` runs in the move's transaction
   * (its change record), so both are stored or neither.
   */
  async moveBattery(batterySn: string, fromGsn: string, toGsn: string, alsoInTransaction?: (tx: Pick<Database, 'insert'>) => Promise<void>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(batteries)
        .set({ loggerGsn: toGsn })
        .where(and(eq(batteries.batterySn, batterySn), eq(batteries.loggerGsn, fromGsn)))
        .returning({ batterySn: batteries.batterySn });
      if (rows.length === 0) return false;
      await alsoInTransaction?.(tx);
      return true;
    });
  },

});

export type BatteryRepository = ReturnType<typeof createBatteryRepository>;
