import { index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.js';
import { users } from '../user/user.table.js';

export const tenants = pgTable('sys_tenant', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  /** 1 normal, 0 frozen. */
  status: smallint('status').notNull().default(1),
  beginDate: timestamp('begin_date', { withTimezone: true, mode: 'date' }),
  endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
  ...audit,
});

export const userTenants = pgTable(
  'sys_user_tenant',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index('sys_user_tenant_tenant_idx').on(t.tenantId)],
);
