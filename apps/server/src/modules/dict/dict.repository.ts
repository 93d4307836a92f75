import type { Language, dictItemResource, dictResource } from '@cellsight/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { dictItems, dicts } from '../../db/schema.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';

export interface DictItemRow {
  code: string;
  value: string;
  text: string;
  translations: Partial<Record<Language, string>>;
}

type DictItemInsert = typeof dictItems.$inferInsert;

export const createDictRepository = (db: Database) => ({
  /** What the screen kit reads dictionaries through: the table and the list's columns. */
  dictScreen: {
    table: dicts,
    repository: createTableRepository(db, dicts),
    columns: { dictName: dicts.dictName, dictCode: dicts.dictCode, createTime: dicts.createTime },
  } satisfies Omit<ResourceServiceOptions<typeof dictResource, typeof dicts>, 'resource' | 'dicts'>,

  /** What the screen kit reads dictionary items through: the table and the list's columns. */
  itemScreen: {
    table: dictItems,
    repository: createTableRepository(db, dictItems),
    columns: { itemText: dictItems.itemText, itemValue: dictItems.itemValue, sortOrder: dictItems.sortOrder, status: dictItems.status, dictId: dictItems.dictId },
  } satisfies Omit<ResourceServiceOptions<typeof dictItemResource, typeof dictItems>, 'resource' | 'dicts'>,

  /** Every item of one dictionary (enabled or not). */
  async itemsOf(dictId: string): Promise<(typeof dictItems.$inferSelect)[]> {
    return db.select().from(dictItems).where(eq(dictItems.dictId, dictId)).orderBy(asc(dictItems.sortOrder));
  },

  /** A dictionary's item changes in one transaction: every one is written or none. */
  async saveItems(dictId: string, changes: { insert: DictItemInsert[]; update: { id: string; values: Partial<DictItemInsert> }[]; remove: string[] }): Promise<void> {
    await db.transaction(async (tx) => {
      if (changes.remove.length > 0) await tx.delete(dictItems).where(and(eq(dictItems.dictId, dictId), inArray(dictItems.id, changes.remove)));
      for (const { id, values } of changes.update) await tx.update(dictItems).set(values).where(and(eq(dictItems.dictId, dictId), eq(dictItems.id, id)));
      if (changes.insert.length > 0) await tx.insert(dictItems).values(changes.insert);
    });
  },

  /** Every enabled item of every live dictionary, with its texts in every language. */
  async allItems(): Promise<DictItemRow[]> {
    return db
      .select({ code: dicts.dictCode, value: dictItems.itemValue, text: dictItems.itemText, translations: dictItems.translations })
      .from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
      .where(and(eq(dicts.delFlag, 0), eq(dictItems.status, 1)))
      .orderBy(asc(dicts.dictCode), asc(dictItems.sortOrder));
  },

  /** The codes of the dictionaries with these ids (those that exist). */
  async codesOf(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ code: dicts.dictCode }).from(dicts).where(inArray(dicts.id, ids));
    return rows.map((row) => row.code);
  },

  /** Whether another item (not `exceptId`) of the dictionary holds this value. */
  async itemValueTaken(dictId: string, itemValue: string, exceptId?: string): Promise<boolean> {
    const rows = await db
      .select({ id: dictItems.id })
      .from(dictItems)
      .where(and(eq(dictItems.dictId, dictId), eq(dictItems.itemValue, itemValue), exceptId === undefined ? undefined : ne(dictItems.id, exceptId)))
      .limit(1);
    return rows.length > 0;
  },
});

export type DictRepository = ReturnType<typeof createDictRepository>;
