import { type SQL, inArray, sql } from 'drizzle-orm';
import { departs } from '../db/schema.js';
import { type TenantCaller, callerTenantIds } from './tenant-scope.js';

/**
 * The departments a caller works with: those of its tenants (each tenant has its own tree). Every
 * department read and write takes it, so another tenant's department is "not found".
 */
export const departsSeenBy = (caller: TenantCaller): SQL => inArray(departs.tenantId, callerTenantIds(caller));

/** The ids of the departments a caller works with (`departsSeenBy`), as a subquery for rows that hang off a department. */
export const departIdsSeenBy = (caller: TenantCaller): SQL => sql`(select ${departs.id} from ${departs} where ${departs.tenantId} in ${callerTenantIds(caller)})`;
