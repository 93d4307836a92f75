import { index, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/** Areas (GB/T 2260 codes: provinces, cities, districts), filled from the china-area-data package on first use. */
export const areas = pgTable(
  'sys_area',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    /** The parent's code; null for a province. */
    parentCode: varchar('parent_code', { length: 12 }),
    name: varchar('name', { length: 100 }).notNull(),
    level: smallint('level').notNull(),
  },
  (t) => [index('sys_area_parent_idx').on(t.parentCode, t.code)],
);
