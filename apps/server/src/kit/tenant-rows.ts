import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { callerTenantIds } from '../access/tenant-scope.js';
import type { TenantMembershipRepository } from '../access/tenant-membership.repository.js';
import type { TenantRows } from './resource-service.js';

/** A screen-kit resource whose rows belong to tenants through `column` (with `sharedRows`, a row of no tenant is the platform's): `TenantRows`. */
export const tenantRowsOf = (memberships: TenantMembershipRepository, column: AnyPgColumn, options: { sharedRows: boolean }): TenantRows => ({
  column,
  sharedRows: options.sharedRows,
  tenantsOf: callerTenantIds,
  workingTenantOf: (auth) => memberships.workingTenantOf(auth),
});
