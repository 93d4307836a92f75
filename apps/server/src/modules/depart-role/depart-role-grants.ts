import { type SQL, sql } from 'drizzle-orm';
import { departPermissions, departRolePermissions, departRoleUsers, departRoles, userDeparts } from '../../db/schema.js';

/**
 * The permission row ids a user holds through department roles, as a SELECT: only while the user is
 * still in the role's department, and only rows the department itself still holds (a department's
 * permissions bound its roles' at every read, so taking a menu from a department takes it from its
 * roles' users at once, without rewriting their grants).
 */
export const departRoleGrants = (userId: SQL): SQL => sql`select drp.permission_id from ${departRolePermissions} drp
  join ${departRoleUsers} dru on dru.drole_id = drp.role_id
  join ${departRoles} dr on dr.id = drp.role_id
  join ${userDeparts} ud on ud.user_id = dru.user_id and ud.dep_id = dr.depart_id
  join ${departPermissions} dp on dp.depart_id = dr.depart_id and dp.permission_id = drp.permission_id
  where dru.user_id = ${userId}`;
