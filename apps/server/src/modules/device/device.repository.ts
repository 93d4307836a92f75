import { type SQL, and, asc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { batteries, batteryRollups, deviceEvents, loggers, stations } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { selectPage } from '../../kit/select-page.js';
import { type BuiltListQuery, defineListSpec } from '../../kit/list-query.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';
import { type ScopeCaller, visibleLoggerGsns } from '../../access/station-scope.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type BatteryCells,
  type BatteryHistoryPoint,
  type BatteryRecord,
  type DeviceEvent,
  type LoggerRecord,
  type LoggerStatusMessage,
  type RollupPeriod,
  batteryListColumns,
  loggerListColumns,
  roundMeasurement,
} from '@cellsight/contract';

export interface LoggerIdentity {
  gsn: string;
  registrationKey: string;
  timezone: string;
  tenantId: number | null;
  stationId: string | null;
  /** Who besides the tenant's administrators sees it: its station's owner, installer and distributor, or its registrant while on no station. */
  audience: string[];
}

/** The columns of a logger's identity (a left join of its station gives the audience). */
const identityColumns = {
  gsn: loggers.gsn,
  registrationKey: loggers.registrationKey,
  timezone: loggers.timezone,
  tenantId: loggers.tenantId,
  stationId: loggers.stationId,
  registrantId: loggers.registrantId,
  ownerId: stations.ownerId,
  installerId: stations.installerId,
  distributorId: stations.distributorId,
};
type IdentityRow = { [K in keyof typeof identityColumns]: (typeof identityColumns)[K]['_']['data'] | null } & { gsn: string; registrationKey: string; timezone: string };
const toIdentity = ({ registrantId, ownerId, installerId, distributorId, ...row }: IdentityRow): LoggerIdentity => ({
  ...row,
  audience: [...new Set((row.stationId ? [ownerId, installerId, distributorId] : [registrantId]).filter((id): id is string => id !== null))],
});

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** The battery's latest reading (tb_battery) as an event's start readings: subqueries of the event's own insert. */
const startReadingsOf = (gsn: string, batterySn: string) => {
  const reading = (column: string) => sql<number | null>`(select ${sql.identifier(column)} from ${batteries} where ${batteries.batterySn} = ${batterySn} and ${batteries.loggerGsn} = ${gsn})`;
  return { startSoc: reading('soc'), startVoltage: reading('voltage'), startCurrent: reading('current'), startPower: reading('power'), startTemperature: reading('temperature') };
};

/**
 * A battery's station, read through its logger: a list's filters and sort use the same expression,
 * and the count reads tb_battery alone.
 */
export const batteryStation = {
  stationId: sql<string | null>`(select l.station_id from ${loggers} l where l.gsn = ${batteries.loggerGsn})`,
  stationName: sql<string | null>`(select s.name from ${loggers} l join ${stations} s on s.id = l.station_id where l.gsn = ${batteries.loggerGsn})`,
};
/** The logger list's columns (the contract's) and the database column each reads. */
export const loggerListSpec = defineListSpec(
  loggerListColumns,
  {
    gsn: loggers.gsn,
    alias: loggers.alias,
    online: loggers.online,
    firmware: loggers.firmware,
    deviceType: loggers.deviceType,
    brand: loggers.brand,
    lastSeen: loggers.lastSeen,
    stationId: loggers.stationId,
    createTime: loggers.createTime,
  },
  { name: 'createTime', order: 'desc' },
  loggers.gsn,
);

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

const batteryCount = sql<number>`(select cast(count(*) as integer) from ${batteries} where ${batteries.loggerGsn} = ${loggers.gsn})`.as('battery_count');

/** Loggers, batteries and events: the device registry and the state derived from messages. */
export const createDeviceRepository = (db: Database) => ({
  /** A page of the loggers among `visible` (serial numbers, as a subquery), with how many batteries each reports. */
  async listLoggers(built: BuiltListQuery, visible: SQL): Promise<{ records: LoggerRecord[]; total: number }> {
    const scope = sql`${loggers.gsn} in ${visible}`;
    const columns = {
      gsn: loggers.gsn,
      alias: loggers.alias,
      online: loggers.online,
      onlineChangedAt: loggers.onlineChangedAt,
      lastSeen: loggers.lastSeen,
      signal: loggers.signal,
      firmware: loggers.firmware,
      lastIp: loggers.lastIp,
      deviceType: loggers.deviceType,
      brand: loggers.brand,
      lat: loggers.lat,
      lon: loggers.lon,
      timezone: loggers.timezone,
      stationId: loggers.stationId,
      stationName: stations.name,
      productCode: loggers.productCode,
      batteryCount,
      createTime: loggers.createTime,
    };
    const { rows, total } = await selectPage(db, loggers, db.select(columns).from(loggers).leftJoin(stations, eq(stations.id, loggers.stationId)).$dynamic(), built, scope);
    const records = rows.map((row) => ({
      ...row,
      batteryCount: Number(row.batteryCount),
      onlineChangedAt: iso(row.onlineChangedAt),
      lastSeen: iso(row.lastSeen),
      createTime: row.createTime.toISOString(),
    }));
    return { records, total };
  },

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

  async findLogger(gsn: string): Promise<LoggerIdentity | null> {
    const [row] = await db.select(identityColumns).from(loggers).leftJoin(stations, eq(stations.id, loggers.stationId)).where(eq(loggers.gsn, gsn)).limit(1);
    return row ? toIdentity(row as IdentityRow) : null;
  },

  /** Serial numbers of the loggers the caller may see (the station scope rule), as a subquery. */
  visibleGsns(caller: ScopeCaller): SQL {
    return visibleLoggerGsns(caller);
  },

  async findVisibleLogger(gsn: string, visible: SQL): Promise<(LoggerIdentity & { online: boolean }) | null> {
    const [row] = await db
      .select({ ...identityColumns, online: loggers.online })
      .from(loggers)
      .leftJoin(stations, eq(stations.id, loggers.stationId))
      .where(and(eq(loggers.gsn, gsn), sql`${loggers.gsn} in ${visible}`))
      .limit(1);
    return row ? { ...toIdentity(row as IdentityRow), online: row.online } : null;
  },

  /** Which of the SNs are registered already: their key, and whether they are in the caller's tenants. */
  async registeredLoggers(gsns: string[], caller: TenantCaller): Promise<Map<string, { registrationKey: string; own: boolean }>> {
    if (gsns.length === 0) return new Map();
    const rows = await db
      .select({ gsn: loggers.gsn, registrationKey: loggers.registrationKey, own: sql<boolean>`coalesce(${loggers.tenantId} in ${callerTenantIds(caller)}, false)` })
      .from(loggers)
      .where(inArray(loggers.gsn, gsns));
    return new Map(rows.map((row) => [row.gsn, { registrationKey: row.registrationKey, own: row.own }]));
  },

  /** Registers loggers that are not known yet (a concurrent registration of the same SN wins). */
  async insertLoggers(rows: { gsn: string; registrationKey: string; timezone: string; tenantId: number; registrantId: string | null; createBy: string }[]): Promise<void> {
    if (rows.length > 0) await db.insert(loggers).values(rows).onConflictDoNothing();
  },

  /**
   * Gives a logger a new registration key, only if its key is still `previousKey` (two concurrent
   * rotations: the second finds the key changed and is refused, rather than silently winning).
   */
  async setRegistrationKey(gsn: string, previousKey: string, key: string, updateBy: string): Promise<boolean> {
    const rows = await db
      .update(loggers)
      .set({ registrationKey: key, updateBy, updateTime: new Date() })
      .where(and(eq(loggers.gsn, gsn), eq(loggers.registrationKey, previousKey)))
      .returning({ gsn: loggers.gsn });
    return rows.length > 0;
  },

  /** Registered loggers' keys, `limit` at a time in serial-number order after `afterGsn`, optionally only `gsns` (broker account sync). */
  async loggerKeys(afterGsn: string, limit: number, gsns?: string[]): Promise<{ gsn: string; registrationKey: string }[]> {
    return db
      .select({ gsn: loggers.gsn, registrationKey: loggers.registrationKey })
      .from(loggers)
      .where(and(sql`${loggers.gsn} > ${afterGsn}`, gsns ? inArray(loggers.gsn, gsns) : undefined))
      .orderBy(asc(loggers.gsn))
      .limit(limit);
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

  /** Takes a logger off its station; returns the station it was on (null: it was on none). */
  async unbind(gsn: string, updateBy: string): Promise<string | null> {
    const [before] = await db.select({ stationId: loggers.stationId }).from(loggers).where(eq(loggers.gsn, gsn));
    if (!before?.stationId) return null;
    const rows = await db
      .update(loggers)
      .set({ stationId: null, productCode: null, updateBy, updateTime: new Date() })
      .where(and(eq(loggers.gsn, gsn), eq(loggers.stationId, before.stationId)))
      .returning({ gsn: loggers.gsn });
    return rows.length > 0 ? before.stationId : null;
  },

  /** A logger's alias (null: none, or no such logger), as it was before an edit (the data log). */
  async loggerAlias(gsn: string): Promise<string | null> {
    const [row] = await db.select({ alias: loggers.alias }).from(loggers).where(eq(loggers.gsn, gsn)).limit(1);
    return row?.alias ?? null;
  },

  async setAlias(gsn: string, alias: string | null, updateBy: string): Promise<void> {
    await db.update(loggers).set({ alias, updateBy, updateTime: new Date() }).where(eq(loggers.gsn, gsn));
  },

  async setOnline(gsn: string, online: boolean, at: Date): Promise<boolean> {
    const rows = await db
      .update(loggers)
      .set({ online, onlineChangedAt: at, ...(online ? { lastSeen: at } : {}) })
      .where(and(eq(loggers.gsn, gsn), sql`${loggers.online} is distinct from ${online}`))
      .returning({ gsn: loggers.gsn });
    return rows.length > 0;
  },

  async touch(gsns: string[], at: Date): Promise<void> {
    if (gsns.length === 0) return;
    await db.update(loggers).set({ lastSeen: at }).where(and(inArray(loggers.gsn, gsns), sql`(${loggers.lastSeen} is null or ${loggers.lastSeen} < ${at})`));
  },

  async updateStatus(gsn: string, status: LoggerStatusMessage, at: Date): Promise<void> {
    await db
      .update(loggers)
      .set({
        signal: status.signal,
        firmware: status.firmware,
        // Optional fields a message leaves out stay as they were (protocol section 4.2).
        ...(status.ip === undefined ? {} : { lastIp: status.ip }),
        ...(status.deviceType === undefined ? {} : { deviceType: status.deviceType }),
        ...(status.brand === undefined ? {} : { brand: status.brand }),
        ...(status.lat === undefined ? {} : { lat: status.lat }),
        ...(status.lon === undefined ? {} : { lon: status.lon }),
        statusTime: new Date(status.ts),
        lastSeen: at,
      })
      .where(eq(loggers.gsn, gsn));
  },

  /** Loggers marked online that have been silent since `before`: they are offline now. */
  async markSilentOffline(before: Date, at: Date): Promise<string[]> {
    const rows = await db
      .update(loggers)
      .set({ online: false, onlineChangedAt: at })
      .where(and(eq(loggers.online, true), lt(loggers.lastSeen, before)))
      .returning({ gsn: loggers.gsn });
    return rows.map((r) => r.gsn);
  },

  /**
   * Opens or closes events idempotently: a new id opens one; an id seen before only ever gains
   * its end time (a replay changes nothing). Returns the events whose state changed.
   */
  async upsertEvents(gsn: string, events: DeviceEvent[]): Promise<{ deviceEventId: string; opened: boolean; closed: boolean }[]> {
    const changed: { deviceEventId: string; opened: boolean; closed: boolean }[] = [];
    for (const event of events) {
      const rows = await db
        .insert(deviceEvents)
        .values({
          id: newId(),
          loggerGsn: gsn,
          deviceEventId: event.id,
          batterySn: event.batterySn ?? null,
          type: event.type,
          code: event.code,
          category: event.category,
          beginTime: new Date(event.begin),
          endTime: event.end === undefined ? null : new Date(event.end),
          // The battery's latest reading when the event is first stored, in the same statement (a
          // re-sent or closing event changes only its end, below).
          ...(event.batterySn === undefined ? {} : startReadingsOf(gsn, event.batterySn)),
        })
        .onConflictDoUpdate({
          target: [deviceEvents.loggerGsn, deviceEvents.deviceEventId],
          set: { endTime: sql`excluded.end_time` },
          setWhere: sql`${deviceEvents.endTime} is null and excluded.end_time is not null`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      const row = rows[0];
      if (row) changed.push({ deviceEventId: event.id, opened: row.inserted, closed: event.end !== undefined });
    }
    return changed;
  },
});

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
