import { AccountType, type StationOwner } from '@cellsight/contract';
import { type SQL, and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { batteries, batteryRollups, loggers, stations, users } from '../../db/schema.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from '../../kit/list-query.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { uniqueViolation } from '../../db/database-errors.js';
import { zoneRules } from '../../db/zone-rules.js';
import { callerTenantIds } from '../../access/tenant-scope.js';
import { type ScopeCaller, stationCondition, visibleStationIds } from '../../access/station-scope.js';
import { membersBelow } from '../../access/member-scope.js';
import type { DataLogExecutor } from '../data-log/index.js';

const s = stations;
/**
 * The listed station's own columns, named with their table: inside the figures' subqueries drizzle
 * would write a bare "id" or "zone", which a subquery over tb_station (sub-stations) takes for its own.
 */
const station = { id: sql.raw('"tb_station"."id"'), zone: sql.raw('"tb_station"."zone"') };
/** The batteries on the station's loggers, as a FROM clause for the figures below. */
const stationBatteries = sql`${batteries} b join ${loggers} l on l.gsn = b.logger_gsn where l.station_id = ${station.id}`;
const nameOf = (column: AnyPgColumn) => sql<string | null>`(select u.realname from ${users} u where u.id = ${column})`;

/**
 * What the station list shows beside a station's own fields, read for the rows of a page only.
 * "Today" is the station's own day: the daily rollup bucket that starts at midnight in its zone.
 */
const stationFigures = {
  pid: sql<string>`coalesce(${s.parentId}, '0')`,
  ownerName: nameOf(s.ownerId),
  installerName: nameOf(s.installerId),
  distributorName: nameOf(s.distributorId),
  loggerCount: sql<number>`(select cast(count(*) as integer) from ${loggers} l where l.station_id = ${station.id})`,
  loggersOnline: sql<number>`(select cast(count(*) as integer) from ${loggers} l where l.station_id = ${station.id} and l.online)`,
  batteryCount: sql<number>`(select cast(count(*) as integer) from ${stationBatteries})`,
  // Batteries report watts (device protocol); the station shows kilowatts.
  power: sql<number | null>`(select round(cast(sum(b.power) / 1000 as numeric), 2)::float8 from ${stationBatteries} and l.online)`,
  socAvg: sql<number | null>`(select round(cast(avg(b.soc) as numeric), 1)::float8 from ${stationBatteries} and l.online)`,
  chargeToday: sql<number | null>`(select round(cast(sum(r.charge_energy) as numeric), 2)::float8 from ${batteryRollups} r join ${batteries} b on b.battery_sn = r.battery_sn join ${loggers} l on l.gsn = b.logger_gsn
    where l.station_id = ${station.id} and r.period = '1d' and r.bucket_start = (date_trunc('day', now() at time zone ${station.zone}) at time zone ${station.zone}))`,
  dischargeToday: sql<number | null>`(select round(cast(sum(r.discharge_energy) as numeric), 2)::float8 from ${batteryRollups} r join ${batteries} b on b.battery_sn = r.battery_sn join ${loggers} l on l.gsn = b.logger_gsn
    where l.station_id = ${station.id} and r.period = '1d' and r.bucket_start = (date_trunc('day', now() at time zone ${station.zone}) at time zone ${station.zone}))`,
  subStationCount: sql<number>`(select cast(count(*) as integer) from ${stations} c where c.parent_id = ${station.id})`,
};

/**
 * The branch of the hierarchy a station of each account belongs to (spec section 6): an end user's
 * installer and that installer's distributor (or the distributor it is directly under), an
 * installer's own distributor; a distributor is its own. The one place this rule is written: a new
 * station takes it, and a move rewrites the stations of the moved accounts with it.
 */
const branches = (owners: SQL) => sql`(select u.id as owner_id,
    case when u.account_type = ${AccountType.Installer} then u.id
         when u.account_type = ${AccountType.EndUser} and sup.account_type = ${AccountType.Installer} then sup.id end as installer_id,
    case when u.account_type = ${AccountType.Distributor} then u.id
         when u.account_type in (${AccountType.Installer}, ${AccountType.EndUser}) and sup.account_type = ${AccountType.Distributor} then sup.id
         when u.account_type = ${AccountType.EndUser} and sup.account_type = ${AccountType.Installer} and top.account_type = ${AccountType.Distributor} then top.id end as distributor_id
  from ${users} u left join ${users} sup on sup.id = u.superior_id left join ${users} top on top.id = sup.superior_id
  where u.id in ${owners})`;

export interface Account {
  id: string;
  accountType: string;
  superiorId: string | null;
}

/** A logger as the wizard checks it: found in the caller's tenants, its key, and whether a station has it. */
export interface BindableLogger {
  gsn: string;
  registrationKey: string;
  stationId: string | null;
  tenantId: number | null;
}

export type StationInsert = typeof stations.$inferInsert;

/**
 * The search box: a station's name, or the SN of a logger or battery on it. Serial numbers are
 * looked up among the caller's own stations' devices only, so a scoped caller's search reads
 * its few hundred loggers rather than every logger of the database.
 */
const stationKeyWord = (value: string, caller: ScopeCaller): SQL => {
  const pattern = `%${escapeLike(value)}%`;
  // An administrator sees the whole tenant: narrowing would cost more than it saves.
  const mine = caller.accountType === AccountType.Admin ? sql`` : sql` and l.station_id in ${visibleStationIds(caller)}`;
  return sql`(${stations.name} ilike ${pattern}
      or ${stations.id} in (select l.station_id from ${loggers} l where l.gsn ilike ${pattern}${mine})
      or ${stations.id} in (select l.station_id from ${batteries} b join ${loggers} l on l.gsn = b.logger_gsn where b.battery_sn ilike ${pattern}${mine}))`;
};

export const createStationRepository = (db: Database) => {
  const table = createTableRepository(db, stations, { computed: stationFigures });
  return {
    /** The kit's reads and writes of stations, with the list's figures. */
    table,
    /** What the kit's station list reads: the table, its reads, the column of each list column, the scope rule, and the search box and parent filters. */
    screen: {
      table: stations,
      repository: table,
      columns: { name: stations.name, status: stations.status, stationType: stations.stationType, ownerId: stations.ownerId, createTime: stations.createTime },
      scope: stationCondition,
      extraFilters: {
        keyWord: stationKeyWord,
        pid: (value: string) => (value === '0' ? sql`${stations.parentId} is null` : sql`${stations.parentId} = ${value}`),
      },
    },

    async account(id: string): Promise<Account | null> {
      const [row] = await db.select({ id: users.id, accountType: users.accountType, superiorId: users.superiorId }).from(users).where(and(eq(users.id, id), eq(users.delFlag, 0)));
      return row ?? null;
    },

    /** The installer and distributor a station of `ownerId` carries. */
    async branchOf(ownerId: string): Promise<{ installerId: string | null; distributorId: string | null }> {
      const result = await db.execute(sql`select installer_id, distributor_id from ${branches(sql`(${ownerId})`)} b`);
      const [row] = (result as unknown as { rows: { installer_id: string | null; distributor_id: string | null }[] }).rows;
      return { installerId: row?.installer_id ?? null, distributorId: row?.distributor_id ?? null };
    },

    /**
     * After an account moved in the hierarchy: the stations of that account and of the accounts
     * directly under it take their new branch, so the former installer or distributor no longer sees
     * them. Returns the stations whose branch changed.
     */
    async rebranch(userId: string): Promise<string[]> {
      const result = await db.execute(sql`update ${stations} s set installer_id = b.installer_id, distributor_id = b.distributor_id
        from ${branches(sql`(select id from ${users} where id = ${userId} or superior_id = ${userId})`)} b
        where s.owner_id = b.owner_id and (s.installer_id is distinct from b.installer_id or s.distributor_id is distinct from b.distributor_id)
        returning s.id`);
      return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    },

    /**
     * Accounts a station of the caller may belong to, the caller first: an administrator's whole
     * tenant (but other administrators), a distributor's installers and their end users, an
     * installer's end users; an end user only itself.
     */
    async owners(caller: ScopeCaller): Promise<StationOwner[]> {
      const inTenants = sql`${users.id} in (select user_id from sys_user_tenant where tenant_id in ${callerTenantIds(caller)})`;
      // Administrators' stations belong to the accounts they look after, not to other administrators.
      const below = and(membersBelow(caller), caller.accountType === AccountType.Admin ? sql`${users.accountType} <> ${AccountType.Admin}` : undefined);
      const rows = await db
        .select({ id: users.id, username: users.username, realname: users.realname, accountType: users.accountType })
        .from(users)
        .where(and(eq(users.delFlag, 0), sql`(${users.id} = ${caller.userId} or (${inTenants} and ${below}))`))
        .orderBy(sql`${users.id} = ${caller.userId} desc`, users.realname)
        .limit(2000);
      return rows;
    },

    /** Registered loggers among `gsns` within the caller's tenants (others are as unknown as unregistered ones). */
    async bindableLoggers(gsns: string[], caller: ScopeCaller): Promise<Map<string, BindableLogger>> {
      if (gsns.length === 0) return new Map();
      const rows = await db
        .select({ gsn: loggers.gsn, registrationKey: loggers.registrationKey, stationId: loggers.stationId, tenantId: loggers.tenantId })
        .from(loggers)
        .where(and(inArray(loggers.gsn, gsns), sql`${loggers.tenantId} in ${callerTenantIds(caller)}`));
      return new Map(rows.map((row) => [row.gsn, row]));
    },

    /** Product codes among `codes` that a logger other than the one entered with it holds. */
    async productCodesTaken(rows: { gsn: string; productCode: string }[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const found = await db
        .select({ productCode: loggers.productCode, gsn: loggers.gsn })
        .from(loggers)
        .where(
          inArray(
            loggers.productCode,
            rows.map((r) => r.productCode),
          ),
        );
      const enteredWith = new Map(rows.map((r) => [r.productCode, r.gsn]));
      return new Set(found.filter((f) => f.productCode !== null && enteredWith.get(f.productCode) !== f.gsn).map((f) => f.productCode as string));
    },

    async subStationCount(parentId: string): Promise<number> {
      const [row] = await db.select({ count: sql<number>`cast(count(*) as integer)` }).from(stations).where(eq(stations.parentId, parentId));
      return row?.count ?? 0;
    },

    /** How many loggers and sub-stations hold on to a station (it is not deleted while any do). */
    async dependents(ids: string[]): Promise<{ loggers: number; subStations: number }> {
      if (ids.length === 0) return { loggers: 0, subStations: 0 };
      const [row] = await db
        .select({
          loggers: sql<number>`(select cast(count(*) as integer) from ${loggers} where ${inArray(loggers.stationId, ids)})`,
          subStations: sql<number>`(select cast(count(*) as integer) from ${stations} where ${inArray(stations.parentId, ids)})`,
        })
        .from(sql`(select 1) as one`);
      return row ?? { loggers: 0, subStations: 0 };
    },

    /**
     * Creates a station (when `station` is given) and binds the loggers to it in one transaction:
     * each logger only if no station has it (a concurrent bind wins and this one is refused), its
     * day following the station's zone from now on. Returns the loggers that could not be bound, or
     * 'product-code' when another logger took one of the product codes meanwhile.
     */
    async bind(
      target: { station: StationInsert } | { stationId: string; tenantId: number; zone: string },
      rows: { gsn: string; productCode: string }[],
      updateBy: string,
    ): Promise<{ unavailable: string[] } | 'product-code'> {
      // Thrown inside the transaction so nothing of it stays when a logger was taken meanwhile.
      class Unavailable extends Error {
        constructor(readonly gsns: string[]) {
          super('loggers taken meanwhile');
        }
      }
      try {
        return await db.transaction(async (tx) => {
          const station = 'station' in target ? target.station : null;
          if (station) await tx.insert(stations).values(station);
          const stationId = station?.id ?? (target as { stationId: string }).stationId;
          const tenantId = station?.tenantId ?? (target as { tenantId: number }).tenantId;
          const zone = station?.zone ?? (target as { zone: string }).zone;
          const unavailable: string[] = [];
          for (const row of rows) {
            const bound = await tx
              .update(loggers)
              .set({ stationId, tenantId, productCode: row.productCode, timezone: zone, updateBy, updateTime: new Date() })
              .where(and(eq(loggers.gsn, row.gsn), isNull(loggers.stationId)))
              .returning({ gsn: loggers.gsn });
            if (bound.length === 0) unavailable.push(row.gsn);
          }
          if (unavailable.length > 0) throw new Unavailable(unavailable);
          return { unavailable };
        });
      } catch (error) {
        if (error instanceof Unavailable) return { unavailable: error.gsns };
        if (uniqueViolation(error, 'tb_logger_product_code_key')) return 'product-code';
        throw error;
      }
    },

    /** The loggers' state as the data log records a logger (after a bind: on their new station). */
    async loggerStates(gsns: string[]): Promise<{ gsn: string; tenantId: number | null; stationId: string | null; timezone: string }[]> {
      if (gsns.length === 0) return [];
      return db.select({ gsn: loggers.gsn, tenantId: loggers.tenantId, stationId: loggers.stationId, timezone: loggers.timezone }).from(loggers).where(inArray(loggers.gsn, gsns));
    },

    /**
     * A station's edit; when its zone changed, its loggers' days follow it. Returns the loggers whose
     * zone changed. `written` runs in the same transaction with the station as stored (the data log).
     */
    async update(id: string, values: Partial<StationInsert>, scope: SQL, written?: (after: typeof stations.$inferSelect, tx: DataLogExecutor) => Promise<void>): Promise<{ found: boolean; rezoned: string[] }> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(stations)
          .set(values)
          .where(and(eq(stations.id, id), scope))
          .returning({ id: stations.id, zone: stations.zone });
        const row = changed[0];
        if (!row) return { found: false, rezoned: [] };
        const rezoned = await tx
          .update(loggers)
          .set({ timezone: row.zone })
          .where(and(eq(loggers.stationId, id), ne(loggers.timezone, row.zone)))
          .returning({ gsn: loggers.gsn });
        if (written) {
          const [after] = await tx.select().from(stations).where(eq(stations.id, id));
          if (after) await written(after, tx);
        }
        return { found: true, rezoned: rezoned.map((r) => r.gsn) };
      });
    },

    /** Who hears of a station's changes: its tenant's administrators and its owner, installer and distributor. */
    async audiences(ids: string[]): Promise<{ tenantId: number; userIds: string[] }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ tenantId: stations.tenantId, ownerId: stations.ownerId, installerId: stations.installerId, distributorId: stations.distributorId })
        .from(stations)
        .where(inArray(stations.id, ids));
      return rows.map((r) => ({ tenantId: r.tenantId, userIds: [r.ownerId, r.installerId, r.distributorId].filter((id): id is string => id !== null) }));
    },

    async loggerGsnsOf(stationId: string): Promise<string[]> {
      return (await db.select({ gsn: loggers.gsn }).from(loggers).where(eq(loggers.stationId, stationId))).map((r) => r.gsn);
    },

    /** A station within `scope` (a condition on tb_station) as its chart names it: id, name and zone. */
    async chartStation(id: string, scope: SQL): Promise<{ id: string; name: string; zone: string } | null> {
      const [row] = await db.select({ id: stations.id, name: stations.name, zone: stations.zone }).from(stations).where(and(eq(stations.id, id), scope)).limit(1);
      return row ?? null;
    },

    /** The instants of local midnight of two days in `zone`. */
    localMidnights: (zone: string, from: string, to: string) => zoneRules.midnights(db, zone, from, to),
  };
};

export type StationRepository = ReturnType<typeof createStationRepository>;
