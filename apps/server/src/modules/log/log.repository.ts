import { LogType } from '@cellsight/contract';
import { type SQL, and, eq, gte, ilike, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { logs, userTenants, users, visits } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { countAll, escapeLike } from '../../kit/list-query.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';

export { LogType, OperateType } from '@cellsight/contract';

/**
 * The log rows a caller may read: those of their tenants' users, and those naming no user at all
 * (sign-in attempts with unknown names). Another tenant's activity stays hidden.
 */
export const logScope = (db: Database, caller: TenantCaller): SQL =>
  or(ofTenantUsers(db, caller), notInArray(logs.userid, db.select({ username: users.username }).from(users)), isNull(logs.userid)) as SQL;

/** The log rows of the caller's tenants' users (the sign-in counters count only these). */
export const ofTenantUsers = (db: Database, caller: TenantCaller): SQL => {
  const tenantUsers = db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.id, db.select({ id: userTenants.userId }).from(userTenants).where(inArray(userTenants.tenantId, callerTenantIds(caller)))));
  return inArray(logs.userid, tenantUsers);
};

export interface LogEntry {
  logType: number;
  logContent: string;
  operateType?: number | null;
  userid?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  requestUrl?: string | null;
  requestType?: string | null;
  costTime?: number | null;
}

/** Sign-ins and distinct addresses of one UTC day (`YYYY-MM-DD`). */
export interface LoginDay {
  day: string;
  visit: number;
  ip: number;
}

/** JeecgBoot's `keyWord` of the log list: the log content holds the text (any case). */
export const logContentContains = (text: string): SQL => ilike(logs.logContent, `%${escapeLike(text)}%`);

const isLogin = eq(logs.logType, LogType.Login);
const distinctIps = sql<number>`cast(count(distinct ${logs.ip}) as integer)`;
/** The UTC day of a log row; literal SQL text only, so GROUP BY can repeat it. */
const utcDay = sql<string>`to_char(${logs.createTime} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Login, operation and visit logs (they back the log screens). */
export const createLogRepository = (db: Database) => ({
  /** What the kit's log list reads: the table, its reads, the column of each list column, the record scope and the keyWord filter. */
  screen: {
    table: logs,
    repository: createTableRepository(db, logs),
    columns: {
      logType: logs.logType,
      logContent: logs.logContent,
      operateType: logs.operateType,
      userid: logs.userid,
      username: logs.username,
      ip: logs.ip,
      requestUrl: logs.requestUrl,
      costTime: logs.costTime,
      createTime: logs.createTime,
    },
    scope: (caller: TenantCaller) => logScope(db, caller),
    extraFilters: { keyWord: logContentContains },
  },

  async add(entry: LogEntry): Promise<void> {
    await db.insert(logs).values({ id: newId(), ...entry, logContent: entry.logContent.slice(0, 1000) });
  },
  async addVisit(visit: { userId: string; ip: string | null; userAgent: string | null }): Promise<void> {
    await db.insert(visits).values({ id: newId(), ...visit, userAgent: visit.userAgent?.slice(0, 255) ?? null });
  },

  /** Login-log rows of the caller's tenants' users in total, and rows and distinct addresses from `from` (inclusive) to `to` (exclusive). */
  async loginCounts(from: Date, to: Date, caller: TenantCaller): Promise<{ total: number; inRange: number; ipsInRange: number }> {
    const scope = ofTenantUsers(db, caller);
    const [[all], [range]] = await Promise.all([
      db
        .select({ total: countAll })
        .from(logs)
        .where(and(isLogin, scope)),
      db
        .select({ rows: countAll, ips: distinctIps })
        .from(logs)
        .where(and(isLogin, gte(logs.createTime, from), lt(logs.createTime, to), scope)),
    ]);
    return { total: all?.total ?? 0, inRange: range?.rows ?? 0, ipsInRange: range?.ips ?? 0 };
  },

  /** Login-log rows of the caller's tenants' users and distinct addresses per UTC day from `from` (inclusive) to `to` (exclusive); days without rows are absent. */
  async loginsPerDay(from: Date, to: Date, caller: TenantCaller): Promise<LoginDay[]> {
    const scope = ofTenantUsers(db, caller);
    return db
      .select({ day: utcDay, visit: countAll, ip: distinctIps })
      .from(logs)
      .where(and(isLogin, gte(logs.createTime, from), lt(logs.createTime, to), scope))
      .groupBy(utcDay)
      .orderBy(utcDay);
  },
});

export type LogRepository = ReturnType<typeof createLogRepository>;
