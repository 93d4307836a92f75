import { index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';
import { users } from '../../db/identity.table.js';

export const departs = pgTable(
  'sys_depart',
  {
    id: id(),
    parentId: varchar('parent_id', { length: 32 }),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameEn: varchar('depart_name_en', { length: 100 }),
    /** Hierarchical and unique: roots A01, A02…; children of A01 are A01A01, A01A02… */
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    departOrder: integer('depart_order').notNull().default(0),
    /** '1' company, '2' department, '3' post. */
    orgCategory: varchar('org_category', { length: 1 }).notNull().default('1'),
    description: varchar('description', { length: 500 }),
    mobile: varchar('mobile', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    address: varchar('address', { length: 100 }),
    memo: varchar('memo', { length: 500 }),
    /** '1' enabled, '0' disabled. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    /** The tenant whose organisation it is: each tenant has its own tree (a child is in its parent's tenant). */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ...audit,
  },
  // Org codes stay unique across tenants, so a user's current department (sys_user.org_code) names one.
  (t) => [uniqueIndex('sys_depart_org_code_key').on(t.orgCode), index('sys_depart_parent_idx').on(t.parentId), index('sys_depart_tenant_idx').on(t.tenantId)],
);

export const userDeparts = pgTable(
  'sys_user_depart',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departId: varchar('dep_id', { length: 32 })
      .notNull()
      .references(() => departs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] })],
);
