import { type SQL, and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { batteries, deviceEvents, loggers, stations } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { selectPage } from '../../kit/select-page.js';
import { type BuiltListQuery, defineListSpec } from '../../kit/list-query.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';
import { type ScopeCaller, visibleLoggerGsns } from '../../access/station-scope.js';
import { type DeviceEvent, type LoggerRecord, type LoggerStatusMessage, loggerListColumns } from '@cellsight/contract';

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

const batteryCount = sql<number>`(select cast(count(*) as integer) from ${batteries} where ${batteries.loggerGsn} = ${loggers.gsn})`.as('battery_count');

/** Loggers and their events: the registry, the state derived from their messages, their place on a station. */
export const createLoggerRepository = (db: Database) => ({
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

export type LoggerRepository = ReturnType<typeof createLoggerRepository>;
