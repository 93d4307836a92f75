import { index, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { permissionDataRules } from '../data-rule/data-rule.table.js';
import { departs } from '../depart/depart.table.js';
import { permissions } from '../permission/permission.table.js';
import { users } from '../../db/identity.table.js';

/** The menus and buttons a department holds (JeecgBoot `sys_depart_permission`): the most its department roles may be given. */
export const departPermissions = pgTable(
  'sys_depart_permission',
  {
    departId: varchar('depart_id', { length: 32 })
      .notNull()
      .references(() => departs.id, { onDelete: 'cascade' }),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departId, t.permissionId] })],
);

/** The data rules a department offers its roles on the menus it holds (JeecgBoot `sys_depart_permission.data_rule_ids`). */
export const departDataRules = pgTable(
  'sys_depart_data_rule',
  {
    departId: varchar('depart_id', { length: 32 })
      .notNull()
      .references(() => departs.id, { onDelete: 'cascade' }),
    ruleId: varchar('rule_id', { length: 32 })
      .notNull()
      .references(() => permissionDataRules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departId, t.ruleId] })],
);

/** Roles kept by one department (JeecgBoot `sys_depart_role`). */
export const departRoles = pgTable(
  'sys_depart_role',
  {
    id: id(),
    departId: varchar('depart_id', { length: 32 })
      .notNull()
      .references(() => departs.id, { onDelete: 'cascade' }),
    roleName: varchar('role_name', { length: 100 }).notNull(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_depart_role_code_key').on(t.roleCode), index('sys_depart_role_depart_idx').on(t.departId)],
);

export const departRolePermissions = pgTable(
  'sys_depart_role_permission',
  {
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => departRoles.id, { onDelete: 'cascade' }),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** The data rules a department role applies (chosen among those its department offers). */
export const departRoleDataRules = pgTable(
  'sys_depart_role_data_rule',
  {
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => departRoles.id, { onDelete: 'cascade' }),
    ruleId: varchar('rule_id', { length: 32 })
      .notNull()
      .references(() => permissionDataRules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.ruleId] })],
);

export const departRoleUsers = pgTable(
  'sys_depart_role_user',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: varchar('drole_id', { length: 32 })
      .notNull()
      .references(() => departRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_depart_role_user_role_idx').on(t.roleId)],
);
