import type { AllDictItems } from '@cellsight/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { dictItems, dicts } from '../../db/schema.js';

export const createDictRepository = (db: Database) => ({
  /** Every enabled item of every live dictionary, by dictionary code. */
  async allItems(): Promise<AllDictItems> {
    const rows = await db
      .select({ code: dicts.dictCode, value: dictItems.itemValue, text: dictItems.itemText })
      .from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
      .where(and(eq(dicts.delFlag, 0), eq(dictItems.status, 1)))
      .orderBy(asc(dicts.dictCode), asc(dictItems.sortOrder));
    const result: AllDictItems = {};
    for (const row of rows) (result[row.code] ??= []).push({ value: row.value, text: row.text, title: row.text });
    return result;
  },
});

export type DictRepository = ReturnType<typeof createDictRepository>;
