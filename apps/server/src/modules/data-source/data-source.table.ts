import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/** Further databases online reports may read; the password encrypted at rest (lib/secret-box.ts). */
export const dataSources = pgTable(
  'sys_data_source',
  {
    id: id(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    dbType: varchar('db_type', { length: 16 }).notNull().default('postgresql'),
    dbUrl: varchar('db_url', { length: 500 }).notNull(),
    dbUsername: varchar('db_username', { length: 100 }).notNull(),
    /** AES-256-GCM: base64 of iv, tag and cipher text; null when none was set. */
    dbPassword: varchar('db_password', { length: 600 }),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_data_source_code_key').on(t.code)],
);
