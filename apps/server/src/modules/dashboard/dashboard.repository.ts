import { dashboardMapLimit, dashboardTopStations, dashboardTrendDays, dashboardWorkplaceRows } from '@cellsight/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { commands, deviceEvents, loggers, stationEnergyDays, stationEnergyMonths, stations, tenantEnergyDays, tenantEnergyMonths } from '../../db/schema.js';
import { type CommandRow, toCommandRecord } from '../device-plane/commands/command-record.js';

const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** One row of the analysis' single grouped count: what was counted, by which key, how many. */
interface CountRow {
  kind: 'station' | 'logger' | 'event' | 'today';
  key: string | null;
  n: number | string;
}

/** One station-local day of the trend, with its share of each station's today. */
export interface EnergyDayRow {
  day: string;
  charge_today: number | null;
  discharge_today: number | null;
  charge_trend: number | null;
  discharge_trend: number | null;
}

/** This month and this year, each judged against every station's own calendar. */
export interface EnergyTotalsRow {
  charge_month: number | null;
  discharge_month: number | null;
  charge_year: number | null;
  discharge_year: number | null;
}

export interface TopStationRow {
  id: string;
  name: string;
  status: number;
  faults: number;
  protects: number;
}

export interface OpenEventRow {
  id: string;
  type: string;
  code: string;
  logger_gsn: string;
  battery_sn: string | null;
  station_id: string | null;
  station_name: string | null;
  begin_time: Date | string;
  acknowledged: boolean;
}

/** The dashboards' reads: aggregates in SQL over kept state (station status, logger online, open events) and the daily rollups. */
export const createDashboardRepository = (db: Database) => ({
  /**
   * Stations by status, loggers by online state, open events by type, and the latest station-local
   * date among the caller's stations (where the trend ends), in one statement of grouped counts.
   * Each part is read by an index: the station scope, the logger scope, the open events' partial index.
   */
  async counts(stationScope: SQL, loggerScope: SQL): Promise<CountRow[]> {
    return rowsOf<CountRow>(
      db,
      sql`select 'station' as kind, cast(${stations.status} as text) as key, count(*) as n from ${stations} where ${stationScope} group by ${stations.status}
      union all
      select 'logger', case when ${loggers.online} then 'online' else 'offline' end, count(*) from ${loggers} where ${loggers.gsn} in ${loggerScope} group by ${loggers.online}
      union all
      select 'event', ${deviceEvents.type}, count(*) from ${deviceEvents} where ${deviceEvents.endTime} is null and ${deviceEvents.loggerGsn} in ${loggerScope} group by ${deviceEvents.type}
      union all
      select 'today', to_char(max(now() at time zone ${stations.zone}), 'YYYY-MM-DD'), 0 from ${stations} where ${stationScope}`,
    );
  },

  /**
   * Energy from the station energy days and months (kept from the daily rollups by the device
   * plane's refresh): the trend's days with each station's today among them, and each station's
   * current month and year. The stations' local dates are computed once (a materialized CTE); the
   * constant lower bounds (a day before UTC's) let the day and month indexes, which carry the
   * figures, serve a distributor's thousands of stations without reading the tables.
   */
  async stationEnergy(stationScope: SQL): Promise<{ days: EnergyDayRow[]; totals: EnergyTotalsRow | undefined }> {
    const trendBack = sql.raw(String(dashboardTrendDays - 1));
    const scoped = sql`select ${stations.id} as id, (now() at time zone ${stations.zone})::date as today from ${stations} where ${stationScope}`;
    const [days, [totals]] = await Promise.all([
      rowsOf<EnergyDayRow>(
        db,
        sql`with st as materialized (${scoped})
          select to_char(d.day, 'YYYY-MM-DD') as day,
            sum(d.charge_energy) filter (where d.day = st.today) as charge_today,
            sum(d.discharge_energy) filter (where d.day = st.today) as discharge_today,
            sum(d.charge_energy) as charge_trend, sum(d.discharge_energy) as discharge_trend
          from st join ${stationEnergyDays} d on d.station_id = st.id
          where d.day >= current_date - ${trendBack} - 1 and d.day between st.today - ${trendBack} and st.today
          group by d.day`,
      ),
      rowsOf<EnergyTotalsRow>(
        db,
        sql`with st as materialized (${scoped})
          select sum(m.charge_energy) filter (where m.month = date_trunc('month', st.today)::date) as charge_month,
            sum(m.discharge_energy) filter (where m.month = date_trunc('month', st.today)::date) as discharge_month,
            sum(m.charge_energy) as charge_year, sum(m.discharge_energy) as discharge_year
          from st join ${stationEnergyMonths} m on m.station_id = st.id
          where m.month >= date_trunc('year', current_date - 1)::date and m.month between date_trunc('year', st.today)::date and st.today`,
      ),
    ]);
    return { days, totals };
  },

  /**
   * The same for callers who see whole tenants (administrators), from the per-tenant and per-zone
   * sums: a few rows per day however many stations. Each zone's own today judges its rows.
   */
  async tenantEnergy(tenantIds: SQL): Promise<{ days: EnergyDayRow[]; totals: EnergyTotalsRow | undefined }> {
    const trendBack = sql.raw(String(dashboardTrendDays - 1));
    const today = (zone: SQL) => sql`(now() at time zone ${zone})::date`;
    const d = tenantEnergyDays;
    const m = tenantEnergyMonths;
    const [days, [totals]] = await Promise.all([
      rowsOf<EnergyDayRow>(
        db,
        sql`select to_char(${d.day}, 'YYYY-MM-DD') as day,
            sum(${d.chargeEnergy}) filter (where ${d.day} = ${today(sql`${d.zone}`)}) as charge_today,
            sum(${d.dischargeEnergy}) filter (where ${d.day} = ${today(sql`${d.zone}`)}) as discharge_today,
            sum(${d.chargeEnergy}) as charge_trend, sum(${d.dischargeEnergy}) as discharge_trend
          from ${d}
          where ${d.tenantId} in ${tenantIds} and ${d.day} >= current_date - ${trendBack} - 1
            and ${d.day} between ${today(sql`${d.zone}`)} - ${trendBack} and ${today(sql`${d.zone}`)}
          group by ${d.day}`,
      ),
      rowsOf<EnergyTotalsRow>(
        db,
        sql`select sum(${m.chargeEnergy}) filter (where ${m.month} = date_trunc('month', ${today(sql`${m.zone}`)})::date) as charge_month,
            sum(${m.dischargeEnergy}) filter (where ${m.month} = date_trunc('month', ${today(sql`${m.zone}`)})::date) as discharge_month,
            sum(${m.chargeEnergy}) as charge_year, sum(${m.dischargeEnergy}) as discharge_year
          from ${m}
          where ${m.tenantId} in ${tenantIds} and ${m.month} >= date_trunc('year', current_date - 1)::date
            and ${m.month} between date_trunc('year', ${today(sql`${m.zone}`)})::date and ${today(sql`${m.zone}`)}`,
      ),
    ]);
    return { days, totals };
  },

  /** Stations with the most fault and protect events begun in the trend's window (events by their begin-time index). */
  async topStations(stationScope: SQL): Promise<TopStationRow[]> {
    const window = sql.raw(`interval '${dashboardTrendDays} days'`);
    const rows = await rowsOf<TopStationRow>(
      db,
      sql`select ${stations.id} as id, ${stations.name} as name, ${stations.status} as status,
          count(*) filter (where e.type = 'fault') as faults, count(*) filter (where e.type = 'protect') as protects
        from ${deviceEvents} e join ${loggers} l on l.gsn = e.logger_gsn join ${stations} on ${stations.id} = l.station_id
        where e.begin_time >= now() - ${window} and e.type in ('fault', 'protect') and ${stationScope}
        group by ${stations.id} order by count(*) desc, ${stations.name}, ${stations.id} limit ${dashboardTopStations}`,
    );
    return rows.map((row) => ({ ...row, status: num(row.status), faults: num(row.faults), protects: num(row.protects) }));
  },

  /** Located stations for the map, the worst status first (so a cut keeps what matters), and how many are and are not located. */
  async mapStations(stationScope: SQL): Promise<{ stations: { id: string; name: string; lat: number; lon: number; status: number }[]; located: number; unlocated: number }> {
    const located = sql`${stations.lat} is not null and ${stations.lon} is not null`;
    const [list, [counts]] = await Promise.all([
      db
        .select({ id: stations.id, name: stations.name, lat: sql<number>`${stations.lat}`, lon: sql<number>`${stations.lon}`, status: stations.status })
        .from(stations)
        .where(sql`${stationScope} and ${located}`)
        .orderBy(stations.status, stations.name, stations.id)
        .limit(dashboardMapLimit),
      rowsOf<{ located: number | string; unlocated: number | string }>(
        db,
        sql`select count(*) filter (where ${located}) as located, count(*) filter (where not (${located})) as unlocated from ${stations} where ${stationScope}`,
      ),
    ]);
    return { stations: list, located: num(counts?.located), unlocated: num(counts?.unlocated) };
  },

  /** Open fault and protect events of the caller's loggers, the newest first, with their station, and how many there are. */
  async openFaults(loggerScope: SQL): Promise<{ total: number; rows: OpenEventRow[] }> {
    const open = sql`e.end_time is null and e.type in ('fault', 'protect') and e.logger_gsn in ${loggerScope}`;
    const [rows, [count]] = await Promise.all([
      rowsOf<OpenEventRow>(
        db,
        sql`select e.id, e.type, e.code, e.logger_gsn, e.battery_sn, ${stations.id} as station_id, ${stations.name} as station_name, e.begin_time,
            e.acknowledged_time is not null as acknowledged
          from ${deviceEvents} e join ${loggers} l on l.gsn = e.logger_gsn left join ${stations} on ${stations.id} = l.station_id
          where ${open} order by e.begin_time desc, e.id limit ${dashboardWorkplaceRows}`,
      ),
      rowsOf<{ n: number | string }>(db, sql`select count(*) as n from ${deviceEvents} e where ${open}`),
    ]);
    return { total: num(count?.n), rows };
  },

  /** Commands of the caller's loggers with their station: the latest, or the upgrades still under way. */
  async commands(loggerScope: SQL, only: 'recent' | 'upgrading'): Promise<{ total: number; rows: (ReturnType<typeof toCommandRecord> & { stationId: string | null; stationName: string | null })[] }> {
    const condition =
      only === 'recent'
        ? sql`${commands.loggerGsn} in ${loggerScope}`
        : sql`${commands.loggerGsn} in ${loggerScope} and ${commands.op} = 'upgrade' and ${commands.finishedAt} is null and ${commands.status} in ('pending', 'sent', 'acknowledged')`;
    const [rows, [count]] = await Promise.all([
      db
        .select({ command: commands, stationId: stations.id, stationName: stations.name })
        .from(commands)
        .innerJoin(loggers, sql`${loggers.gsn} = ${commands.loggerGsn}`)
        .leftJoin(stations, sql`${stations.id} = ${loggers.stationId}`)
        .where(condition)
        .orderBy(sql`${commands.createTime} desc`, commands.id)
        .limit(dashboardWorkplaceRows),
      only === 'recent' ? Promise.resolve([]) : rowsOf<{ n: number | string }>(db, sql`select count(*) as n from ${commands} where ${condition}`),
    ]);
    return {
      total: only === 'recent' ? rows.length : num(count?.n),
      rows: rows.map((row) => ({ ...toCommandRecord(row.command as CommandRow), stationId: row.stationId, stationName: row.stationName })),
    };
  },
});

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
