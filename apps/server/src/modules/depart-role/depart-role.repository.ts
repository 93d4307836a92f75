import type { departRoleResource } from '@cellsight/contract';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
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
  userDeparts,
  users,
} from '../../db/schema.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { departIdsSeenBy, departsSeenBy } from '../../access/depart-scope.js';
import type { TenantCaller } from '../../access/tenant-scope.js';

type Executor = Pick<Database, 'select' | 'insert' | 'delete'>;

/** Grants and revokes rows of a (owner, permission) link table on one executor. */
const changeLinks = async (
  db: Executor,
  table: typeof departPermissions | typeof departRolePermissions,
  owner: SQL,
  ownerValues: (permissionId: string) => object,
  grant: string[],
  revoke: string[],
) => {
  const permissionColumn = table.permissionId;
  if (revoke.length > 0) await db.delete(table).where(and(owner, inArray(permissionColumn, revoke)));
  if (grant.length > 0)
    {await db
      .insert(table)
      .values(grant.map(ownerValues) as never)
      .onConflictDoNothing();}
};

/** The ids of the rules of these menus, as a subquery. */
const rulesOfMenus = (db: Executor, permissionIds: string[]) => db.select({ id: permissionDataRules.id }).from(permissionDataRules).where(inArray(permissionDataRules.permissionId, permissionIds));

/** Department roles of the departments a caller works with: another tenant's are "not found". */
export const departRolesSeenBy = (caller: TenantCaller): SQL => sql`${departRoles.departId} in ${departIdsSeenBy(caller)}`;

/**
 * Department permissions (sys_depart_permission and the rules a department offers) and department
 * roles' grants, rule choices and users.
 */
export const createDepartRoleRepository = (db: Database) => ({
  /** What the screen kit reads department roles through: the table, the list's columns and the scope. */
  screen: {
    table: departRoles,
    repository: createTableRepository(db, departRoles),
    columns: { departId: departRoles.departId, roleName: departRoles.roleName, roleCode: departRoles.roleCode, createTime: departRoles.createTime },
    // The roles of the departments of the caller's tenants (each tenant has its own organisation).
    scope: departRolesSeenBy,
  } satisfies Omit<ResourceServiceOptions<typeof departRoleResource, typeof departRoles>, 'resource' | 'dicts'>,

  /** Whether the department exists among those the caller works with (`departsSeenBy`). */
  async departExists(departId: string, caller: TenantCaller): Promise<boolean> {
    return (await db.select({ id: departs.id }).from(departs).where(and(eq(departs.id, departId), departsSeenBy(caller)))).length > 0;
  },

  /** A department role of a department the caller works with. */
  async role(roleId: string, caller: TenantCaller): Promise<{ id: string; departId: string; roleName: string } | undefined> {
    const [row] = await db
      .select({ id: departRoles.id, departId: departRoles.departId, roleName: departRoles.roleName })
      .from(departRoles)
      .where(and(eq(departRoles.id, roleId), departRolesSeenBy(caller)));
    return row;
  },

  /** The department's roles' ids (to tell their users). */
  async rolesOf(departId: string): Promise<string[]> {
    return (await db.select({ id: departRoles.id }).from(departRoles).where(eq(departRoles.departId, departId))).map((row) => row.id);
  },

  async departGrants(departId: string): Promise<string[]> {
    return (await db.select({ id: departPermissions.permissionId }).from(departPermissions).where(eq(departPermissions.departId, departId))).map((row) => row.id);
  },

  /** The department's rows as the role dialog's tree rows, in menu order. */
  async departTreeRows(departId: string) {
    return db
      .select({ id: permissions.id, parentId: permissions.parentId, name: permissions.name, icon: permissions.icon })
      .from(permissions)
      .innerJoin(departPermissions, eq(departPermissions.permissionId, permissions.id))
      .where(and(eq(departPermissions.departId, departId), eq(permissions.delFlag, 0)))
      .orderBy(asc(permissions.sortNo), asc(permissions.id));
  },

  /**
   * The department's new grants in one transaction; rules it offered on menus it no longer holds
   * are withdrawn with them (its roles' grants beyond it stop counting at once: `departRoleGrants`).
   */
  async changeDepartGrants(departId: string, grant: string[], revoke: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await changeLinks(tx, departPermissions, eq(departPermissions.departId, departId), (permissionId) => ({ departId, permissionId }), grant, revoke);
      if (revoke.length > 0) {
        await tx.delete(departDataRules).where(and(eq(departDataRules.departId, departId), inArray(departDataRules.ruleId, rulesOfMenus(tx, revoke))));
      }
    });
  },

  async roleGrants(roleId: string): Promise<string[]> {
    return (await db.select({ id: departRolePermissions.permissionId }).from(departRolePermissions).where(eq(departRolePermissions.roleId, roleId))).map((row) => row.id);
  },

  async changeRoleGrants(roleId: string, grant: string[], revoke: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await changeLinks(tx, departRolePermissions, eq(departRolePermissions.roleId, roleId), (permissionId) => ({ roleId, permissionId }), grant, revoke);
      if (revoke.length > 0) {
        await tx.delete(departRoleDataRules).where(and(eq(departRoleDataRules.roleId, roleId), inArray(departRoleDataRules.ruleId, rulesOfMenus(tx, revoke))));
      }
    });
  },

  /** The rules the department offers on the menu. */
  async offeredBy(departId: string, permissionId: string): Promise<string[]> {
    const rows = await db
      .select({ id: departDataRules.ruleId })
      .from(departDataRules)
      .innerJoin(permissionDataRules, eq(permissionDataRules.id, departDataRules.ruleId))
      .where(and(eq(departDataRules.departId, departId), eq(permissionDataRules.permissionId, permissionId)));
    return rows.map((row) => row.id);
  },

  async offer(departId: string, permissionId: string, ruleIds: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(departDataRules).where(and(eq(departDataRules.departId, departId), inArray(departDataRules.ruleId, rulesOfMenus(tx, [permissionId]))));
      if (ruleIds.length > 0) await tx.insert(departDataRules).values(ruleIds.map((ruleId) => ({ departId, ruleId })));
    });
  },

  async chosenByRole(roleId: string, permissionId: string): Promise<string[]> {
    const rows = await db
      .select({ id: departRoleDataRules.ruleId })
      .from(departRoleDataRules)
      .innerJoin(permissionDataRules, eq(permissionDataRules.id, departRoleDataRules.ruleId))
      .where(and(eq(departRoleDataRules.roleId, roleId), eq(permissionDataRules.permissionId, permissionId)));
    return rows.map((row) => row.id);
  },

  async chooseForRole(roleId: string, permissionId: string, ruleIds: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(departRoleDataRules).where(and(eq(departRoleDataRules.roleId, roleId), inArray(departRoleDataRules.ruleId, rulesOfMenus(tx, [permissionId]))));
      if (ruleIds.length > 0) await tx.insert(departRoleDataRules).values(ruleIds.map((ruleId) => ({ roleId, ruleId })));
    });
  },

  /** "The user holds the department role", as a condition on sys_user rows. */
  holdsRole(roleId: string): SQL {
    return inArray(users.id, db.select({ id: departRoleUsers.userId }).from(departRoleUsers).where(eq(departRoleUsers.roleId, roleId)));
  },

  /** Users of the department role (to tell them their permissions changed). */
  async holders(roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await db.selectDistinct({ id: departRoleUsers.userId }).from(departRoleUsers).where(inArray(departRoleUsers.roleId, roleIds));
    return rows.map((row) => row.id);
  },

  /** Which of the ids are live users of the department within `scope`. */
  async departUsers(departId: string, ids: string[], scope: SQL): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userDeparts, and(eq(userDeparts.userId, users.id), eq(userDeparts.departId, departId)))
      .where(and(inArray(users.id, ids), eq(users.delFlag, 0), scope));
    return rows.map((row) => row.id);
  },

  /** Gives the role to the users; returns those who did not hold it. */
  async addUsers(roleId: string, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .insert(departRoleUsers)
      .values(userIds.map((userId) => ({ userId, roleId })))
      .onConflictDoNothing()
      .returning({ userId: departRoleUsers.userId });
    return rows.map((row) => row.userId);
  },

  /** Takes the role from those of the users within `scope`; returns those who held it. */
  async removeUsers(roleId: string, userIds: string[], scope: SQL): Promise<string[]> {
    if (userIds.length === 0) return [];
    const visible = db.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), scope));
    const rows = await db
      .delete(departRoleUsers)
      .where(and(eq(departRoleUsers.roleId, roleId), inArray(departRoleUsers.userId, visible)))
      .returning({ userId: departRoleUsers.userId });
    return rows.map((row) => row.userId);
  },
});

export type DepartRoleRepository = ReturnType<typeof createDepartRoleRepository>;
