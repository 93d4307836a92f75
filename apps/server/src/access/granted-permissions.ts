import { MenuType } from '@cellsight/contract';
import { type SQL, sql } from 'drizzle-orm';
import { departPermissions, departRolePermissions, departRoleUsers, departRoles, permissions, rolePermissions, userDeparts, userPermissions, userRoles } from '../db/schema.js';

// What a user is granted, read at every request with the session (access/session.repository.ts) and
// by the permission module's menus: one rule, so a menu shown and a call allowed never disagree.

/** The codes of a `perms` value (one row may carry several, comma-joined). */
export const splitCodes = (perms: string | null | undefined): string[] =>
  (perms ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

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

/**
 * Ids of the permission rows a user holds: through their roles, granted to them alone (Members
 * screen), and through their department roles (`departRoleGrants`).
 */
export const grantedRowIds = (userId: SQL) => sql`(select rp.permission_id from ${rolePermissions} rp join ${userRoles} ur on ur.role_id = rp.role_id where ur.user_id = ${userId}
  union select up.permission_id from ${userPermissions} up where up.user_id = ${userId}
  union ${departRoleGrants(userId)})`;

/**
 * The button permission codes a user holds (their roles' and their own grants), as one SQL value (an
 * array of the rows' `perms`, each possibly comma-joined): a subquery, so the sign-in check of every
 * request reads a session and its codes in one statement, and a revoked grant ends at the next request.
 */
export const buttonCodesOf = (userId: SQL) => sql<string[] | null>`(
  select array_agg(distinct p.perms) from ${permissions} p
  where p.id in ${grantedRowIds(userId)} and p.menu_type = ${MenuType.Button} and p.status = '1' and p.del_flag = 0)`;

/** The codes of `buttonCodesOf`, split and trimmed. */
export const codeSet = (perms: readonly (string | null)[] | null): Set<string> => new Set((perms ?? []).flatMap(splitCodes));
