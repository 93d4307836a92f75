import type { Language } from '@cellsight/contract';
import { index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

export const dicts = pgTable(
  'sys_dict',
  {
    id: id(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    delFlag: smallint('del_flag').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('sys_dict_code_key').on(t.dictCode)],
);

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: id(),
    dictId: varchar('dict_id', { length: 32 })
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    /** The text in the default language (en-US). */
    itemText: varchar('item_text', { length: 100 }).notNull(),
    /** The text in the console's other languages (`{"zh-CN": "男", "de-DE": "Männlich"}`); missing ones fall back to item_text. */
    translations: jsonb('translations').$type<Partial<Record<Language, string>>>().notNull().default({}),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    ...audit,
  },
  (t) => [index('sys_dict_item_dict_idx').on(t.dictId)],
);
