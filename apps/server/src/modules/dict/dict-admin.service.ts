import { DictCode, type DictItemSaveBatch, ServerCode, checkRows, dictItemGridRules, dictItemResource, dictResource } from '@cellsight/contract';
import type { z } from 'zod';
import { AppError, type FieldError, badRequest, invalidField, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictRepository } from './dict.repository.js';
import type { DictService } from './dict.service.js';

export interface DictAdminOptions {
  repository: DictRepository;
  dicts: DictService;
  /** Told after any dictionary or item changed (cache and consoles refresh). */
  onChanged: () => void;
}

/** The dictionaries the console itself reads: deleting or renaming one would break its screens. */
const consoleCodes: ReadonlySet<string> = new Set(Object.values(DictCode));

const taken = 'already exists';

/**
 * The Dictionaries screen: dictionaries and their items on the screen kit, plus what the kit does
 * not know. A dictionary is deleted physically, its items with it (the foreign key cascades), and
 * the console's own dictionaries are neither deleted nor recoded. An item's value is unique within
 * its dictionary only, so items check it here instead of through the kit's table-wide `unique`.
 */
export const createDictAdminService = ({ repository, dicts: dictService, onChanged }: DictAdminOptions) => {
  const dictTable = repository.dictScreen.repository;
  const itemTable = repository.itemScreen.repository;
  const dictionaries = createResourceService({ resource: dictResource, ...repository.dictScreen, dicts: dictService, onChanged });
  const items = createResourceService({ resource: dictItemResource, ...repository.itemScreen, dicts: dictService, onChanged });

  const assertDictionaryExists = async (dictId: string) => {
    if ((await dictTable.byIds([dictId], undefined)).length === 0) throw invalidField('dictId', 'no such dictionary');
  };

  const assertValueFree = async (dictId: string, itemValue: string, exceptId?: string) => {
    if (await repository.itemValueTaken(dictId, itemValue, exceptId)) throw invalidField('itemValue', taken);
  };

  return {
    dictionaries: {
      ...dictionaries,

      async edit(auth: AuthContext, input: z.infer<typeof dictResource.edit>): Promise<void> {
        if (input.dictCode !== undefined) {
          const [current] = await dictTable.byIds([input.id], undefined);
          if (current && current.dictCode !== input.dictCode && consoleCodes.has(current.dictCode)) {
            throw invalidField('dictCode', `the console reads the dictionary "${current.dictCode}"; its code cannot change`);
          }
        }
        await dictionaries.edit(auth, input);
      },

      async remove(auth: AuthContext, ids: string[]): Promise<void> {
        const used = (await repository.codesOf([...new Set(ids)])).filter((code) => consoleCodes.has(code)).sort();
        if (used.length > 0) {
          const names = used.map((code) => `"${code}"`).join(', ');
          throw badRequest(ServerCode.INCORRECT_PARAMETER, `The console reads the ${used.length === 1 ? 'dictionary' : 'dictionaries'} ${names}; ${used.length === 1 ? 'it' : 'they'} cannot be deleted`);
        }
        await dictionaries.remove(auth, ids);
      },
    },

    items: {
      ...items,

      async add(auth: AuthContext, input: z.infer<typeof dictItemResource.add>): Promise<string> {
        await assertDictionaryExists(input.dictId);
        await assertValueFree(input.dictId, input.itemValue);
        return items.add(auth, input);
      },

      async edit(auth: AuthContext, input: z.infer<typeof dictItemResource.edit>): Promise<void> {
        const [current] = await itemTable.byIds([input.id], undefined);
        if (!current) throw notFound('Record');
        const dictId = input.dictId ?? current.dictId;
        if (dictId !== current.dictId) await assertDictionaryExists(dictId);
        await assertValueFree(dictId, input.itemValue ?? current.itemValue, input.id);
        await items.edit(auth, input);
      },
    },

    /**
     * The items grid's save: added, changed and removed items of one dictionary at once. The grid's
     * rules (text and value required, values unique within the dictionary, sort order an integer)
     * are checked over the items as they would be stored; any failing row refuses the whole save.
     */
    async saveItemBatch(auth: AuthContext, input: DictItemSaveBatch): Promise<{ added: string[] }> {
      await assertDictionaryExists(input.dictId);
      const current = await repository.itemsOf(input.dictId);
      const known = new Set(current.map((item) => item.id));
      const foreign: FieldError[] = [
        ...input.updated.flatMap((item, index) => (known.has(item.id) ? [] : [{ field: `updated[${index}].id`, message: 'no such item in this dictionary' }])),
        ...input.removed.flatMap((id, index) => (known.has(id) ? [] : [{ field: `removed[${index}]`, message: 'no such item in this dictionary' }])),
      ];
      if (foreign.length > 0) throw new AppError(ServerCode.NOT_FOUND, `${foreign[0]?.field}: ${foreign[0]?.message}`, 404, foreign);

      // The dictionary as it would be after the save, each row remembering which request row it came from.
      const gone = new Set([...input.removed, ...input.updated.map((item) => item.id)]);
      const rows = [
        ...current.filter((item) => !gone.has(item.id)).map((item) => ({ origin: undefined, itemText: item.itemText, itemValue: item.itemValue, sortOrder: String(item.sortOrder) })),
        ...input.updated.map((item, index) => ({ origin: `updated[${index}]`, itemText: item.itemText, itemValue: item.itemValue, sortOrder: item.sortOrder === undefined ? '0' : String(item.sortOrder) })),
        ...input.added.map((item, index) => ({ origin: `added[${index}]`, itemText: item.itemText, itemValue: item.itemValue, sortOrder: item.sortOrder === undefined ? '0' : String(item.sortOrder) })),
      ];
      const columns = Object.entries(dictItemGridRules).map(([key, rules]) => ({ key, title: dictItemResource.labels[key as keyof typeof dictItemGridRules]?.[0] ?? key, rules }));
      const errors = checkRows(rows, columns).flatMap((failure) => {
        const origin = rows[failure.index]?.origin;
        return origin ? [{ field: `${origin}.${failure.field}`, message: failure.message.text }] : [];
      });
      if (errors.length > 0) throw badRequest(ServerCode.INCORRECT_PARAMETER, `${errors[0]?.field}: ${errors[0]?.message}`, errors);

      const added = input.added.map(() => newId());
      const stamp = { updateBy: auth.username, updateTime: new Date() };
      await repository.saveItems(input.dictId, {
        insert: input.added.map((item, index) => ({ ...item, id: String(added[index]), dictId: input.dictId, translations: item.translations ?? {}, createBy: auth.username })),
        update: input.updated.map(({ id, ...values }) => ({ id, values: { ...values, ...stamp } })),
        remove: input.removed,
      });
      if (input.added.length + input.updated.length + input.removed.length > 0) onChanged();
      return { added };
    },

    /** `dictItemCheck`: whether the value is free within the dictionary, like the duplicate check. */
    async isItemValueFree(dictId: string, itemValue: string, exceptId?: string): Promise<boolean> {
      return !(await repository.itemValueTaken(dictId, itemValue, exceptId));
    },

    /** `refleshCache`: the cache and every console drop their dictionaries. */
    refreshCache(): void {
      onChanged();
    },
  };
};
export type DictAdminService = ReturnType<typeof createDictAdminService>;
