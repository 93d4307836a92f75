import { type SQL, and, eq, ilike, inArray, like, or } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { departs, userDeparts, users } from '../../db/schema.js';
import { escapeLike } from '../../kit/list-query.js';
import { departsSeenBy } from '../../access/depart-scope.js';
import type { TenantCaller } from '../../access/tenant-scope.js';

/** The address book's conditions on users: a department's subtree, and a keyword. */
export const createAddressBookRepository = (db: Database) => {
  /** Users of the department with this org code or any below it (org codes name their whole path). */
  const inSubtree = (orgCode: string): SQL =>
    inArray(
      users.id,
      db
        .select({ id: userDeparts.userId })
        .from(userDeparts)
        .innerJoin(departs, eq(departs.id, userDeparts.departId))
        .where(like(departs.orgCode, `${escapeLike(orgCode)}%`)),
    );

  /** Users whose name, user name, phone or e-mail holds the keyword (any case). */
  const matching = (keyword: string): SQL => {
    const pattern = `%${escapeLike(keyword)}%`;
    return or(ilike(users.realname, pattern), ilike(users.username, pattern), ilike(users.phone, pattern), ilike(users.email, pattern)) as SQL;
  };

  return {
    /** The department's org code, or null when there is no such department among the caller's tenants'. */
    async orgCodeOf(departId: string, caller: TenantCaller): Promise<string | null> {
      const [row] = await db
        .select({ orgCode: departs.orgCode })
        .from(departs)
        .where(and(eq(departs.id, departId), departsSeenBy(caller)))
        .limit(1);
      return row?.orgCode ?? null;
    },

    /** Users in the subtree of `orgCode` (null: anywhere) whose fields hold `keyword` (none: any); undefined for no condition. */
    usersWhere(orgCode: string | null, keyword: string | undefined): SQL | undefined {
      const conditions: SQL[] = [];
      if (orgCode !== null) conditions.push(inSubtree(orgCode));
      if (keyword) conditions.push(matching(keyword));
      return and(...conditions);
    },
  };
};
export type AddressBookRepository = ReturnType<typeof createAddressBookRepository>;
