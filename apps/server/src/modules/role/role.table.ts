import { index, integer, pgTable, primaryKey, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { permissions } from '../permission/permission.table.js';
import { tenants } from '../../db/identity.table.js';
import { users } from '../../db/identity.table.js';

export const roles = pgTable(
  'sys_role',
  {
    id: id(),
    roleName: varchar('role_name', { length: 100 }).notNull(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
    /** The tenant whose own role it is; null: the platform's (the built-in roles), which every tenant may give and only platform administrators change. */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    ...audit,
  },
  // A code is unique within a tenant and among the platform's roles (NULLS NOT DISTINCT).
  (t) => [unique('sys_role_tenant_code_key').on(t.tenantId, t.roleCode).nullsNotDistinct(), index('sys_role_tenant_idx').on(t.tenantId)],
);

export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

export const rolePermissions = pgTable(
  'sys_role_permission',
  {
    roleId: varchar('role_id', { length: 32 })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: varchar('permission_id', { length: 32 })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    operateDate: timestamp('operate_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);
