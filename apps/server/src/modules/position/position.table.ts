import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/** Positions (job titles) users hold; `post_rank` is a value of the `position_rank` dictionary. */
export const positions = pgTable(
  'sys_position',
  {
    id: id(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    rank: varchar('post_rank', { length: 2 }).notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('sys_position_code_key').on(t.code)],
);
