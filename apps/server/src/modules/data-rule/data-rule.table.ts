import { index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { permissions } from '../permission/permission.table.js';
import { roles } from '../role/role.table.js';

/** A menu's data rules (JeecgBoot `sys_permission_data_rule`); they go with their menu. */
export const permissionDataRules = pgTable(
  'sys_permission_data_rule',
  {
    id: id(),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    ruleName: varchar('rule_name', { length: 50 }).notNull(),
    /** A filterable list column of the menu's screen (its wire name). */
    ruleColumn: varchar('rule_column', { length: 50 }).notNull(),
    /** One of `dataRuleOperators`; never raw SQL. */
    ruleConditions: varchar('rule_conditions', { length: 16 }).notNull(),
    /** A literal, or `#{variable}` naming a field of the signed-in user; always bound as a value. */
    ruleValue: varchar('rule_value', { length: 300 }).notNull(),
    /** '1' in force, '0' off. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    ...audit,
  },
  (t) => [index('sys_permission_data_rule_permission_idx').on(t.permissionId)],
);

/**
 * The rules a role applies (JeecgBoot keeps them as a comma list in `sys_role_permission.data_rule_ids`):
 * a join table, so a deleted rule or role takes its choices with it. The menu is the rule's own; a
 * choice counts only while the role holds that menu.
 */
export const roleDataRules = pgTable(
  'sys_role_data_rule',
  {
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    ruleId: varchar('rule_id', { length: 32 })
      .notNull()
      .references(() => permissionDataRules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.ruleId] }), index('sys_role_data_rule_rule_idx').on(t.ruleId)],
);
