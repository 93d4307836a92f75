import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/** Categories (JeecgBoot's sys_category): a tree per tenant; `code` is hierarchical (A01, A01A01 …), `has_child` '1' while it has children. */
export const categories = pgTable(
  'sys_category',
  {
    id: id(),
    pid: varchar('pid', { length: 32 }).notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 100 }).notNull(),
    hasChild: varchar('has_child', { length: 1 }).notNull().default('0'),
    tenantId: integer('tenant_id').notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('sys_category_tenant_code_key').on(t.tenantId, t.code), index('sys_category_pid_idx').on(t.tenantId, t.pid)],
);
