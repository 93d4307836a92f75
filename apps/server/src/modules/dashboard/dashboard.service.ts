import {
  AccountType,
  type DashboardAnalysis,
  type DashboardMonitor,
  type DashboardOpenEvent,
  type DashboardWorkplace,
  Permission,
  StationStatus,
  dashboardMapLimit,
  dashboardTrendDays,
} from '@cellsight/contract';
import type { AuthContext } from '../../access/auth-context.js';
import { stationCondition, visibleLoggerGsns } from '../../access/station-scope.js';
import { callerTenantIds } from '../../access/tenant-scope.js';
import { type DashboardRepository, type EnergyDayRow, iso, num } from './dashboard.repository.js';

/** kWh to two decimals, as the station list shows them. */
const kwh = (value: number): number => Math.round(value * 100) / 100;
const sumOf = (rows: EnergyDayRow[], field: keyof Omit<EnergyDayRow, 'day'>): number => kwh(rows.reduce((total, row) => total + num(row[field]), 0));

/** The `dashboardTrendDays` dates (YYYY-MM-DD) ending with `last`, oldest first. */
export const trendDates = (last: string): string[] => {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: dashboardTrendDays }, (_, index) => new Date(end - (dashboardTrendDays - 1 - index) * 86_400_000).toISOString().slice(0, 10));
};

const statusKeys = { [StationStatus.Fault]: 'fault', [StationStatus.Warning]: 'warning', [StationStatus.Normal]: 'normal', [StationStatus.Offline]: 'offline' } as const;
const eventTypeKeys = ['normal', 'warning', 'fault', 'protect'] as const;

export const createDashboardService = (repository: DashboardRepository, now: () => Date = () => new Date()) => ({
  /** The fleet at a glance, within the caller's scope: a few statements, each an aggregate in SQL over kept state and the station energy tables. */
  async analysis(auth: AuthContext): Promise<DashboardAnalysis> {
    const stationScope = stationCondition(auth);
    const loggerScope = visibleLoggerGsns(auth);
    // An administrator sees whole tenants: their per-tenant sums answer the same as every station's.
    const energy = auth.accountType === AccountType.Admin ? repository.tenantEnergy(callerTenantIds(auth)) : repository.stationEnergy(stationScope);
    const [counts, { days, totals }, topStations] = await Promise.all([repository.counts(stationScope, loggerScope), energy, repository.topStations(stationScope)]);

    const stations = { total: 0, fault: 0, warning: 0, normal: 0, offline: 0 };
    const loggers = { total: 0, online: 0, offline: 0 };
    const openEvents = { total: 0, normal: 0, warning: 0, fault: 0, protect: 0 };
    // Without stations the trend ends today in UTC; with them, on the latest local date among them.
    let today = now().toISOString().slice(0, 10);
    for (const { kind, key, n } of counts) {
      const value = num(n);
      if (kind === 'station') {
        stations.total += value;
        const name = statusKeys[Number(key) as keyof typeof statusKeys];
        if (name) stations[name] += value;
      } else if (kind === 'logger') {
        loggers.total += value;
        loggers[key === 'online' ? 'online' : 'offline'] += value;
      } else if (kind === 'event') {
        openEvents.total += value;
        const type = eventTypeKeys.find((candidate) => candidate === key);
        if (type) openEvents[type] += value;
      } else if (key) {
        today = key;
      }
    }

    const byDay = new Map(days.map((row) => [row.day, row]));
    return {
      stations,
      loggers,
      openEvents,
      energy: {
        today: { charge: sumOf(days, 'charge_today'), discharge: sumOf(days, 'discharge_today') },
        month: { charge: kwh(num(totals?.charge_month)), discharge: kwh(num(totals?.discharge_month)) },
        year: { charge: kwh(num(totals?.charge_year)), discharge: kwh(num(totals?.discharge_year)) },
      },
      trend: trendDates(today).map((date) => {
        const row = byDay.get(date);
        return { date, charge: kwh(num(row?.charge_trend)), discharge: kwh(num(row?.discharge_trend)) };
      }),
      topStations,
    };
  },

  async monitor(auth: AuthContext): Promise<DashboardMonitor> {
    return { ...(await repository.mapStations(stationCondition(auth))), limit: dashboardMapLimit };
  },

  /** What needs the caller's attention; a part the caller may not read through its own screen stays null. */
  async workplace(auth: AuthContext): Promise<DashboardWorkplace> {
    const loggerScope = visibleLoggerGsns(auth);
    const seesEvents = auth.permissions.has(Permission.EventList);
    const seesCommands = auth.permissions.has(Permission.CommandList);
    const [faults, recent, upgrades] = await Promise.all([
      seesEvents ? repository.openFaults(loggerScope) : null,
      seesCommands ? repository.commands(loggerScope, 'recent') : null,
      seesCommands ? repository.commands(loggerScope, 'upgrading') : null,
    ]);
    return {
      openFaults: faults && {
        total: faults.total,
        records: faults.rows.map(
          (row): DashboardOpenEvent => ({
            id: row.id,
            type: row.type as DashboardOpenEvent['type'],
            code: row.code,
            loggerGsn: row.logger_gsn,
            batterySn: row.battery_sn,
            stationId: row.station_id,
            stationName: row.station_name,
            beginTime: iso(row.begin_time) ?? '',
            acknowledged: row.acknowledged,
          }),
        ),
      },
      recentCommands: recent && recent.rows,
      upgrades: upgrades && { total: upgrades.total, records: upgrades.rows },
    };
  },
});
export type DashboardService = ReturnType<typeof createDashboardService>;
