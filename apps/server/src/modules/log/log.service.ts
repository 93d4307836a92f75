import { type LogInfo, type VisitDay, logResource } from '@cellsight/contract';
import { type ResourceDictionaries, createResourceService } from '../../kit/resource-service.js';
import type { TenantCaller } from '../../access/tenant-scope.js';
import type { LogRepository } from './log.repository.js';

const dayMs = 24 * 60 * 60 * 1000;
/** Days of the visit statistics: today and the six before. */
const visitDays = 7;

/** Midnight (UTC) of the day `at` falls on: the counters' days are UTC days, the same on every server. */
const utcMidnight = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** Login and operation logs, read-only, from the kit: the caller's tenants' users' rows and those naming no user. */
export const createLogListService = (logs: LogRepository, dicts: ResourceDictionaries) => createResourceService({ resource: logResource, ...logs.screen, dicts });

export type LogListService = ReturnType<typeof createLogListService>;

/**
 * The sign-in counters of the console (JeecgBoot `/sys/loginfo` and `/sys/visitInfo`), counted from
 * the login log of the caller's tenants' users, never another tenant's.
 */
export const createLogService = (logs: LogRepository, now: () => Date = () => new Date()) => ({
  async logInfo(caller: TenantCaller): Promise<LogInfo> {
    const today = utcMidnight(now());
    const counts = await logs.loginCounts(today, new Date(today.getTime() + dayMs), caller);
    return { totalVisitCount: counts.total, todayVisitCount: counts.inRange, todayIp: counts.ipsInRange };
  },

  /** The last seven days, oldest first; a day without sign-ins is there with zeros. */
  async visitInfo(caller: TenantCaller): Promise<VisitDay[]> {
    const first = new Date(utcMidnight(now()).getTime() - (visitDays - 1) * dayMs);
    const counted = new Map((await logs.loginsPerDay(first, new Date(first.getTime() + visitDays * dayMs), caller)).map((row) => [row.day, row]));
    return Array.from({ length: visitDays }, (_, index) => {
      const day = new Date(first.getTime() + index * dayMs).toISOString().slice(0, 10);
      const row = counted.get(day);
      return { visit: row?.visit ?? 0, ip: row?.ip ?? 0, tian: day, type: day.slice(5) };
    });
  },
});

export type LogService = ReturnType<typeof createLogService>;
