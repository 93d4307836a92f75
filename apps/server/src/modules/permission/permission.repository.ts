import { MenuType } from '@cellsight/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema.js';
import { grantedRowIds, splitCodes } from '../../access/granted-permissions.js';

export type PermissionRow = typeof permissions.$inferSelect;
export type PermissionTreeRow = Pick<PermissionRow, 'id' | 'parentId' | 'name' | 'icon'>;
type PermissionInsert = typeof permissions.$inferInsert;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const live = eq(permissions.delFlag, 0);
// Siblings with the same order number stay in the order they were added.
const menuOrder = [asc(permissions.sortNo), asc(permissions.createTime), asc(permissions.id)];

/** Menu maintenance on one executor: the database, or a transaction (menuTransaction). */
const createMenuStore = (db: Executor) => ({
  /** Every row, siblings in their configured order. */
  async all(): Promise<PermissionRow[]> {
    return db.select().from(permissions).where(live).orderBy(...menuOrder);
  },

  async byId(id: string): Promise<PermissionRow | undefined> {
    const [row] = await db.select().from(permissions).where(and(eq(permissions.id, id), live));
    return row;
  },

  /** The rows under `parentId`, or the rows of one kind at the root (null). */
  async children(parentId: string | null, menuType?: number): Promise<PermissionRow[]> {
    const under = parentId === null ? isNull(permissions.parentId) : eq(permissions.parentId, parentId);
    return db
      .select()
      .from(permissions)
      .where(and(under, menuType === undefined ? undefined : eq(permissions.menuType, menuType), live))
      .orderBy(...menuOrder);
  },

  /** The rows under each of the parents, siblings in their configured order. */
  async childrenOf(parentIds: readonly string[]): Promise<PermissionRow[]> {
    if (parentIds.length === 0) return [];
    return db
      .select()
      .from(permissions)
      .where(and(inArray(permissions.parentId, [...parentIds]), live))
      .orderBy(...menuOrder);
  },

  /** The `perms` of every button but `exceptId` (each possibly comma-joined). */
  async buttonPerms(exceptId?: string): Promise<(string | null)[]> {
    const rows = await db
      .select({ perms: permissions.perms })
      .from(permissions)
      .where(and(eq(permissions.menuType, MenuType.Button), exceptId === undefined ? undefined : ne(permissions.id, exceptId), live));
    return rows.map((row) => row.perms);
  },

  /**
   * Holds the buttons' codes for the rest of the transaction: a second add or edit that checks
   * whether its codes are free waits here until the first has stored its own (or given up).
   */
  async lockButtonCodes(): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('sys_permission.perms'))`);
  },

  async insert(row: PermissionInsert): Promise<void> {
    await db.insert(permissions).values(row);
  },

  async update(id: string, values: Partial<PermissionInsert>): Promise<void> {
    await db.update(permissions).set(values).where(eq(permissions.id, id));
  },

  /** Deletes the rows physically; their role grants go with them (foreign key cascade). */
  async remove(ids: string[]): Promise<void> {
    if (ids.length > 0) await db.delete(permissions).where(inArray(permissions.id, ids));
  },

  /** Recomputes `is_leaf` of these rows: a leaf has no menu children (buttons do not count, as in the seed). */
  async refreshLeaf(ids: (string | null)[]): Promise<void> {
    const present = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (present.length === 0) return;
    // The subquery names the updated table explicitly: drizzle leaves its columns unqualified.
    const noMenuChildren = sql<boolean>`not exists (select 1 from sys_permission c where c.parent_id = "sys_permission"."id" and c.menu_type <> ${MenuType.Button} and c.del_flag = 0)`;
    await db.update(permissions).set({ isLeaf: noMenuChildren }).where(inArray(permissions.id, present));
  },
});

export type MenuStore = ReturnType<typeof createMenuStore>;

export const createPermissionRepository = (db: Database) => ({
  ...createMenuStore(db),

  /** Runs `work` in one transaction: every change is stored, or none. */
  menuTransaction<T>(work: (menus: MenuStore) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(createMenuStore(tx)));
  },

  /** Every permission row granted to the user (through their roles, or to them alone), ordered by sort_no. */
  async rowsForUser(userId: string): Promise<PermissionRow[]> {
    return db
      .select()
      .from(permissions)
      .where(and(eq(permissions.delFlag, 0), sql`${permissions.id} in ${grantedRowIds(sql`${userId}`)}`))
      .orderBy(asc(permissions.sortNo), asc(permissions.id));
  },

  /** Every button row, whatever its status (the `allAuth` list). */
  async allButtons(): Promise<PermissionRow[]> {
    return db
      .select()
      .from(permissions)
      .where(and(eq(permissions.menuType, MenuType.Button), eq(permissions.delFlag, 0)))
      .orderBy(asc(permissions.sortNo));
  },

  /** The permission codes the given rows carry, and those the given roles grant (what handing them out would give). */
  async codesOfRows(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ perms: permissions.perms }).from(permissions).where(inArray(permissions.id, ids));
    return rows.flatMap((row) => splitCodes(row.perms));
  },

  async codesOfRoles(roleIds: string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await db
      .select({ perms: permissions.perms })
      .from(permissions)
      .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
      .where(and(inArray(rolePermissions.roleId, roleIds), eq(permissions.status, '1'), eq(permissions.delFlag, 0)));
    return rows.flatMap((row) => splitCodes(row.perms));
  },

  /** Every live menu and button row, in menu order. */
  async treeRows(): Promise<PermissionTreeRow[]> {
    return db
      .select({ id: permissions.id, parentId: permissions.parentId, name: permissions.name, icon: permissions.icon })
      .from(permissions)
      .where(eq(permissions.delFlag, 0))
      .orderBy(asc(permissions.sortNo), asc(permissions.id));
  },

  /** Which of the ids name live menu or button rows. */
  async existingRows(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(inArray(permissions.id, ids), eq(permissions.delFlag, 0)));
    return rows.map((r) => r.id);
  },

  async roleCodesForUser(userId: string): Promise<string[]> {
    const rows = await db.select({ code: roles.roleCode }).from(roles).innerJoin(userRoles, eq(userRoles.roleId, roles.id)).where(eq(userRoles.userId, userId));
    return rows.map((r) => r.code);
  },
});

export type PermissionRepository = ReturnType<typeof createPermissionRepository>;
