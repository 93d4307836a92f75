import { pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The public texts (/privacy, /condition) as administrators wrote them, one per kind and language.
 * A kind and language without a row shows the platform's own text (contract `legalDefaults`).
 */
export const legalTexts = pgTable(
  'sys_legal_text',
  {
    /** 'privacy' or 'condition'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    content: text('content').notNull(),
    updateBy: varchar('update_by', { length: 64 }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.language] })],
);
