import type { Language } from '@cellsight/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { dictItems, dicts } from '../../db/schema.js';

export interface DictItemRow {
  code: string;
  value: string;
  text: string;
  translations: Partial<Record<Language, string>>;
}

export const createDictRepository = (db: Database) => ({
  /** Every enabled item of every live dictionary, with its texts in every language. */
  async allItems(): Promise<DictItemRow[]> {
    return db
      .select({ code: dicts.dictCode, value: dictItems.itemValue, text: dictItems.itemText, translations: dictItems.translations })
      .from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
      .where(and(eq(dicts.delFlag, 0), eq(dictItems.status, 1)))
      .orderBy(asc(dicts.dictCode), asc(dictItems.sortOrder));
  },
});

export type DictRepository = ReturnType<typeof createDictRepository>;
