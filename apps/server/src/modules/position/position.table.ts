import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';
import { tenants } from '../../db/identity.table.js';

/** Positions (job titles) users hold; `post_rank` is a value of the `position_rank` dictionary. */
export const positions = pgTable(
  'sys_position',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    rank: varchar('post_rank', { length: 2 }).notNull(),
    /** The tenant whose position it is: each tenant keeps its own (codes unique within it). */
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_position_tenant_code_key').on(t.tenantId, t.code)],
);
