import { MenuType } from '@cellsight/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  departDataRules,
  departPermissions,
  departRoleDataRules,
  departRolePermissions,
  departRoleUsers,
  departRoles,
  departs,
  permissionDataRules,
  permissions,
  roleDataRules,
  rolePermissions,
  userDeparts,
  userRoles,
  users,
} from '../db/schema.js';

export type DataRuleInForce = typeof permissionDataRules.$inferSelect;

/** What the data rules a request is held to are read from: the rules chosen for a user on a list, and the user's department codes. */
export const createDataRulesInForceRepository = (db: Database) => ({
  /**
   * The rules in force for a user on the menus whose buttons carry `listCode`: those chosen by the
   * user's roles that hold the menu, and by the user's department roles that hold it within what
   * their department holds and offers (JeecgBoot unions the rule ids of every role: a role that
   * chose no rule does not lift another role's rule).
   */
  async inForce(userId: string, listCode: string): Promise<DataRuleInForce[]> {
    const r = permissionDataRules;
    return db
      .select()
      .from(r)
      .where(
        and(
          eq(r.status, '1'),
          sql`${r.permissionId} in (select b.parent_id from ${permissions} b where b.del_flag = 0 and b.menu_type = ${MenuType.Button}
            and ${listCode} = any(string_to_array(replace(coalesce(b.perms, ''), ' ', ''), ',')))`,
          sql`${r.id} in (
            select rdr.rule_id from ${roleDataRules} rdr
              join ${userRoles} ur on ur.role_id = rdr.role_id
              join ${rolePermissions} rp on rp.role_id = rdr.role_id and rp.permission_id = ${r.permissionId}
              where ur.user_id = ${userId}
            union
            select drd.rule_id from ${departRoleDataRules} drd
              join ${departRoleUsers} dru on dru.drole_id = drd.role_id
              join ${departRoles} dr on dr.id = drd.role_id
              join ${userDeparts} ud on ud.user_id = dru.user_id and ud.dep_id = dr.depart_id
              join ${departRolePermissions} drp on drp.role_id = drd.role_id and drp.permission_id = ${r.permissionId}
              join ${departPermissions} dp on dp.depart_id = dr.depart_id and dp.permission_id = ${r.permissionId}
              join ${departDataRules} ddr on ddr.depart_id = dr.depart_id and ddr.rule_id = drd.rule_id
              where dru.user_id = ${userId})`,
        ),
      )
      .orderBy(asc(r.id));
  },

  /** The user's current department code and every department code they belong to (the org variables). */
  async orgCodes(userId: string): Promise<{ current: string | null; all: string[] }> {
    const [user] = await db.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, userId));
    const rows = await db
      .select({ orgCode: departs.orgCode })
      .from(departs)
      .innerJoin(userDeparts, eq(userDeparts.departId, departs.id))
      .where(eq(userDeparts.userId, userId))
      .orderBy(asc(departs.orgCode));
    return { current: user?.orgCode ?? null, all: rows.map((row) => row.orgCode) };
  },

});
