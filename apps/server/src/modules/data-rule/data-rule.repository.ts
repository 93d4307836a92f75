import { MenuType } from '@cellsight/contract';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  permissionDataRules,
  permissions,
  roleDataRules,
  rolePermissions,
} from '../../db/schema.js';
import { escapeLike } from '../../kit/list-query.js';

export type DataRuleRow = typeof permissionDataRules.$inferSelect;
type DataRuleInsert = typeof permissionDataRules.$inferInsert;

/** Data rules of menus, and which roles and departments chose which (sys_permission_data_rule and its choice tables). */
export const createDataRuleRepository = (db: Database) => ({
  async ofMenu(permissionId: string, search: { ruleName?: string | null; ruleValue?: string | null } = {}): Promise<DataRuleRow[]> {
    return db
      .select()
      .from(permissionDataRules)
      .where(
        and(
          eq(permissionDataRules.permissionId, permissionId),
          search.ruleName ? ilike(permissionDataRules.ruleName, `%${escapeLike(search.ruleName)}%`) : undefined,
          search.ruleValue ? ilike(permissionDataRules.ruleValue, `%${escapeLike(search.ruleValue)}%`) : undefined,
        ),
      )
      .orderBy(asc(permissionDataRules.createTime), asc(permissionDataRules.id));
  },

  async byId(id: string): Promise<DataRuleRow | undefined> {
    const [row] = await db.select().from(permissionDataRules).where(eq(permissionDataRules.id, id));
    return row;
  },

  async insert(row: DataRuleInsert): Promise<void> {
    await db.insert(permissionDataRules).values(row);
  },

  async update(id: string, values: Partial<DataRuleInsert>): Promise<void> {
    await db.update(permissionDataRules).set(values).where(eq(permissionDataRules.id, id));
  },

  /** Deletes the rule; every choice of it goes with it (foreign keys cascade). */
  async remove(id: string): Promise<boolean> {
    const removed = await db.delete(permissionDataRules).where(eq(permissionDataRules.id, id)).returning({ id: permissionDataRules.id });
    return removed.length > 0;
  },

  /** A live menu row (not a button), or undefined. */
  async menu(permissionId: string): Promise<{ id: string; menuType: number } | undefined> {
    const [row] = await db
      .select({ id: permissions.id, menuType: permissions.menuType })
      .from(permissions)
      .where(and(eq(permissions.id, permissionId), eq(permissions.delFlag, 0)));
    return row;
  },

  /** The permission codes of the menu's own row and of its buttons: they tell which screen's list the menu is. */
  async codesOfMenu(permissionId: string): Promise<string[]> {
    const rows = await db
      .select({ perms: permissions.perms })
      .from(permissions)
      .where(and(eq(permissions.delFlag, 0), sql`(${permissions.id} = ${permissionId} or (${permissions.parentId} = ${permissionId} and ${permissions.menuType} = ${MenuType.Button}))`));
    return rows.flatMap((row) => (row.perms ?? '').split(',').map((code) => code.trim())).filter(Boolean);
  },

  /** The ids of the role's chosen rules on the menu. */
  async chosenByRole(roleId: string, permissionId: string): Promise<string[]> {
    const rows = await db
      .select({ id: roleDataRules.ruleId })
      .from(roleDataRules)
      .innerJoin(permissionDataRules, eq(permissionDataRules.id, roleDataRules.ruleId))
      .where(and(eq(roleDataRules.roleId, roleId), eq(permissionDataRules.permissionId, permissionId)));
    return rows.map((row) => row.id);
  },

  async roleHoldsMenu(roleId: string, permissionId: string): Promise<boolean> {
    const rows = await db
      .select({ id: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)));
    return rows.length > 0;
  },

  /** Replaces the role's choice on one menu, in one transaction. */
  async chooseForRole(roleId: string, permissionId: string, ruleIds: string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(roleDataRules).where(and(eq(roleDataRules.roleId, roleId), sql`${roleDataRules.ruleId} in (select id from ${permissionDataRules} where permission_id = ${permissionId})`));
      if (ruleIds.length > 0) await tx.insert(roleDataRules).values(ruleIds.map((ruleId) => ({ roleId, ruleId })));
    });
  },

  /** Which of the ids are rules of the menu. */
  async rulesOfMenu(permissionId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: permissionDataRules.id })
      .from(permissionDataRules)
      .where(and(eq(permissionDataRules.permissionId, permissionId), inArray(permissionDataRules.id, ids)));
    return rows.map((row) => row.id);
  },
});

export type DataRuleRepository = ReturnType<typeof createDataRuleRepository>;
