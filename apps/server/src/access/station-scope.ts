import { type AccountType, AccountType as Types } from '@cellsight/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { loggers, stations, userTenants } from '../db/schema.js';
import { type TenantCaller, callerTenantIds } from './tenant-scope.js';

/** Who is asking, as far as records go: the tenant rule plus the caller's place in the account hierarchy. */
export interface ScopeCaller extends TenantCaller {
  accountType: AccountType;
}

/**
 * The one scope rule for stations and everything on them (spec section 6, issue "who sees what"):
 * within the caller's tenants, an administrator sees every station; a distributor those it is the
 * distributor of (its installers' and their end users' stations); an installer those it is the
 * installer of (its end users' and its own); an end user those it owns. Every station, logger,
 * battery, sample, event and command read or write composes one of these conditions, so a record
 * outside answers 404 like one that does not exist.
 */
export const stationCondition = (caller: ScopeCaller): SQL => {
  const inTenants = sql`${stations.tenantId} in ${callerTenantIds(caller)}`;
  if (caller.accountType === Types.Admin) return inTenants;
  return sql`(${inTenants} and (${stations.ownerId} = ${caller.userId} or ${stations.installerId} = ${caller.userId} or ${stations.distributorId} = ${caller.userId}))`;
};

/**
 * The same rule for users named by columns instead of one caller (a job over many users, with no
 * `tenant-id` header: all of the user's tenants count): true when that user may see `tb_station`'s row.
 */
export const stationSeenBy = (user: { id: SQL | AnyColumn; accountType: SQL | AnyColumn }): SQL =>
  sql`(${stations.tenantId} in (select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${user.id})
    and (${user.accountType} = ${Types.Admin} or ${stations.ownerId} = ${user.id} or ${stations.installerId} = ${user.id} or ${stations.distributorId} = ${user.id}))`;

/** Ids of the stations the caller may see, as a subquery. */
export const visibleStationIds = (caller: ScopeCaller): SQL => sql`(select ${stations.id} from ${stations} where ${stationCondition(caller)})`;

/**
 * Serial numbers of the loggers the caller may see, as a subquery: those on a visible station, and
 * a logger on no station yet only for its registrant and administrators. The two kinds are a
 * `union all`, not an `or`: with the `or` PostgreSQL cannot estimate how few loggers an installer
 * sees and scans them all (an installer's battery count: 15 ms against 2.8 ms on 40,000 loggers).
 */
export const visibleLoggerGsns = (caller: ScopeCaller): SQL => {
  const inTenants = sql`${loggers.tenantId} in ${callerTenantIds(caller)}`;
  if (caller.accountType === Types.Admin) return sql`(select ${loggers.gsn} from ${loggers} where ${inTenants})`;
  return sql`(select ${loggers.gsn} from ${loggers} where ${inTenants} and ${loggers.stationId} in ${visibleStationIds(caller)}
    union all select ${loggers.gsn} from ${loggers} where ${inTenants} and ${loggers.stationId} is null and ${loggers.registrantId} = ${caller.userId})`;
};

/** Realtime rooms: administrators of a tenant hear all its devices; everyone else, the devices of their own stations. */
export const adminRoom = (tenantId: number) => `tenant-admins:${tenantId}`;
export const userRoom = (userId: string) => `user:${userId}`;
