import { AccountType } from '@cellsight/contract';
import { type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
import type { ScopeCaller } from './station-scope.js';

/**
 * The accounts below the caller in the hierarchy (spec section 6), as a condition on `sys_user`: an
 * administrator's are everyone's (the tenant rule applies beside it), a distributor's its installers
 * and end users and those installers' end users, an installer's its end users; an end user has none.
 * The Members screen's scope, and whose stations a caller may create.
 */
export const membersBelow = (caller: ScopeCaller): SQL => {
  switch (caller.accountType) {
    case AccountType.Admin:
      return sql`true`;
    case AccountType.Distributor:
      return sql`(${users.superiorId} = ${caller.userId} or ${users.superiorId} in (select u.id from ${users} u where u.superior_id = ${caller.userId} and u.account_type = ${AccountType.Installer}))`;
    case AccountType.Installer:
      return sql`${users.superiorId} = ${caller.userId}`;
    default:
      return sql`false`;
  }
};
