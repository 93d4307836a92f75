import { type SQL, sql } from 'drizzle-orm';
import { tenants, userTenants } from '../db/schema.js';
import { defaultTenant } from '../db/seed-data.js';

/** Who is asking, as far as tenants go: the user and the tenant chosen by the `tenant-id` header (0 = none). */
export interface TenantCaller {
  userId: string;
  tenantId: number;
}

/**
 * The one tenant rule: the tenants a caller acts in are the one chosen with the `tenant-id` header
 * (the auth plugin has checked it is the caller's own and not frozen), or else every tenant the
 * caller belongs to that is not frozen. Every user, logger, battery, event and command read or write
 * is limited to them. A subquery, so callers compose it into their own SQL and nothing outside it is
 * ever loaded.
 */
export const callerTenantIds = (caller: TenantCaller): SQL =>
  caller.tenantId
    ? sql`(select ${caller.tenantId}::integer)`
    : sql`(select ${userTenants.tenantId} from ${userTenants} inner join ${tenants} on ${tenants.id} = ${userTenants.tenantId} where ${userTenants.userId} = ${caller.userId} and ${tenants.status} = 1)`;

/**
 * The one tenant a caller works in where records must be in a single tenant (a category tree): the
 * tenant chosen with the `tenant-id` header, else the first tenant the caller belongs to.
 */
export const workingTenantId = (caller: TenantCaller): SQL =>
  caller.tenantId ? sql`(select ${caller.tenantId}::integer)` : sql`(select min(${userTenants.tenantId}) from ${userTenants} where ${userTenants.userId} = ${caller.userId})`;

/**
 * The tenants a caller administers on the Tenants screen: the chosen one, or every tenant they
 * belong to, frozen ones included (so they can be unfrozen).
 */
export const administeredTenantIds = (caller: TenantCaller): SQL =>
  caller.tenantId ? sql`(select ${caller.tenantId}::integer)` : sql`(select ${userTenants.tenantId} from ${userTenants} where ${userTenants.userId} = ${caller.userId})`;

/**
 * The platform's own tenant. Its administrators run the installation (the `admin` the first start
 * creates, and whoever it makes one): they alone may change what every tenant shares and use the
 * installation's machinery, each as far as their permissions go. Every other account is held to its
 * tenants: an administrator of another tenant is a tenant administrator (docs/architecture.md,
 * "Platform and tenants").
 */
export const platformTenantId = defaultTenant.id;

/** "The user belongs to the platform's own tenant", for the user id `userId` (a column or a value). */
export const inPlatformTenant = (userId: SQL) => sql<boolean>`exists (select 1 from ${userTenants} where ${userTenants.userId} = ${userId} and ${userTenants.tenantId} = ${platformTenantId})`;
