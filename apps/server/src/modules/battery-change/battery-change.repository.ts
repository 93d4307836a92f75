import { AccountType, type BatteryChangeSource, type batteryChangeResource } from '@cellsight/contract';
import { type SQL, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { batteries, batteryChanges, loggers, stations } from '../../db/schema.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { newId } from '../../lib/ids.js';
import { type ScopeCaller, visibleLoggerGsns } from '../../access/station-scope.js';
import { callerTenantIds } from '../../access/tenant-scope.js';

/** Writes within a caller's transaction (a move records its change in the move's own transaction). */
export type Executor = Pick<Database, 'insert'>;

/** What the list shows beside the record's own fields: the name of the station the change was recorded at. */
export const batteryChangeFigures = {
  stationName: sql<string | null>`(select s.name from ${stations} s where s.id = "tb_battery_change"."station_id")`,
};

/**
 * The scope rule for change records: those of the loggers the caller sees (`station-scope.ts`); an
 * administrator also those of its tenants' loggers that no longer exist (history outlives them).
 */
export const batteryChangeScope = (caller: ScopeCaller): SQL => {
  const ofVisibleLoggers = sql`${batteryChanges.loggerGsn} in ${visibleLoggerGsns(caller)}`;
  if (caller.accountType !== AccountType.Admin) return ofVisibleLoggers;
  return sql`(${ofVisibleLoggers} or (${batteryChanges.tenantId} in ${callerTenantIds(caller)} and not exists (select 1 from ${loggers} where ${loggers.gsn} = ${batteryChanges.loggerGsn})))`;
};

export interface NewBatteryChange {
  tenantId: number | null;
  loggerGsn: string;
  stationId: string | null;
  oldSn: string;
  newSn: string;
  previousLoggerGsn?: string | null;
  changeTime: Date;
  source: Exclude<BatteryChangeSource, 'detected'>;
  remark?: string | null;
  createBy: string;
}

export interface DetectedChange {
  oldSn: string;
  newSn: string;
}

export const createBatteryChangeRepository = (db: Database) => ({
  /** What the screen kit reads change records through: the table with the station's name, the list's columns, the scope rule and the SN search. */
  screen: {
    table: batteryChanges,
    repository: createTableRepository(db, batteryChanges, { computed: batteryChangeFigures }),
    columns: {
      oldSn: batteryChanges.oldSn,
      newSn: batteryChanges.newSn,
      loggerGsn: batteryChanges.loggerGsn,
      stationId: batteryChanges.stationId,
      source: batteryChanges.source,
      changeTime: batteryChanges.changeTime,
      createBy: batteryChanges.createBy,
    },
    scope: batteryChangeScope,
    extraFilters: {
      // One search box for a battery: the old or the new SN, containing the text.
      sn: (value: string) => {
        const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return sql`(${batteryChanges.oldSn} ilike ${pattern} or ${batteryChanges.newSn} ilike ${pattern})`;
      },
    },
  } satisfies Omit<ResourceServiceOptions<typeof batteryChangeResource, typeof batteryChanges>, 'resource' | 'dicts'>,

  /**
   * Records the replacements among batteries a logger reported for the first time, in one statement:
   * a new battery whose BMU SN (the slot) is that of another battery already on the logger replaced
   * it. Against several earlier ones, the one heard from last is the one replaced. The change time is
   * the new battery's first sample. A replacement is recorded once (the unique partial index).
   */
  async recordDetected(gsn: string, newSns: string[]): Promise<DetectedChange[]> {
    if (newSns.length === 0) return [];
    const added = sql.join(
      newSns.map((sn) => sql`${sn}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      insert into ${batteryChanges} (id, tenant_id, logger_gsn, station_id, old_sn, new_sn, change_time, source)
      select replace(gen_random_uuid()::text, '-', ''), l.tenant_id, l.gsn, l.station_id, o.battery_sn, n.battery_sn,
        coalesce((select min(s.ts) from tb_battery_sample s where s.battery_sn = n.battery_sn), n.create_time), 'detected'
      from ${batteries} n
      join ${loggers} l on l.gsn = n.logger_gsn
      join lateral (
        select o.battery_sn from ${batteries} o
        where o.logger_gsn = n.logger_gsn and o.bmu_sn = n.bmu_sn and o.battery_sn not in (${added})
        order by o.last_ts desc nulls last, o.create_time desc
        limit 1
      ) o on true
      where n.logger_gsn = ${gsn} and n.battery_sn in (${added}) and n.bmu_sn is not null
      on conflict do nothing
      returning old_sn, new_sn`);
    return (result as unknown as { rows: { old_sn: string; new_sn: string }[] }).rows.map((row) => ({ oldSn: row.old_sn, newSn: row.new_sn }));
  },

  /** Stores a change recorded by a person (a move, or a replacement entered by hand); its id. */
  async insert(change: NewBatteryChange, tx: Executor = db): Promise<string> {
    const id = newId();
    await tx.insert(batteryChanges).values({ id, ...change, previousLoggerGsn: change.previousLoggerGsn ?? null, remark: change.remark ?? null });
    return id;
  },

  /** A logger within the scope, with what a record takes from it; null outside the scope or unknown. */
  async visibleLogger(gsn: string, scope: SQL): Promise<{ gsn: string; tenantId: number | null; stationId: string | null } | null> {
    const [row] = await db
      .select({ gsn: loggers.gsn, tenantId: loggers.tenantId, stationId: loggers.stationId })
      .from(loggers)
      .where(sql`${eq(loggers.gsn, gsn)} and ${loggers.gsn} in ${scope}`)
      .limit(1);
    return row ?? null;
  },
});

export type BatteryChangeRepository = ReturnType<typeof createBatteryChangeRepository>;
