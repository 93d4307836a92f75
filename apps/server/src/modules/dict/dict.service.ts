import type { AllDictItems, DictOption, Language } from '@cellsight/contract';
import type { DictItemRow, DictRepository } from './dict.repository.js';

/**
 * Dictionary lookups in the caller's language (an item's translation, else its default text).
 * Items are cached for a short while since every list translates codes.
 */
export const createDictService = (repository: DictRepository, cacheMs = 30_000) => {
  let cached: { at: number; rows: Promise<DictItemRow[]>; byLanguage: Map<Language, Promise<AllDictItems>> } | null = null;

  /** Every dictionary by code, its texts in `language`; built once per language while the cache lasts. */
  const all = (language: Language): Promise<AllDictItems> => {
    if (!cached || Date.now() - cached.at > cacheMs) {
      const loading = repository.allItems();
      cached = { at: Date.now(), rows: loading, byLanguage: new Map() };
      loading.catch(() => (cached = null));
    }
    let built = cached.byLanguage.get(language);
    if (!built) {
      built = cached.rows.then((rows) => {
        // A Map, not an object: a dictionary may be named like an Object property ("constructor").
        const byCode = new Map<string, AllDictItems[string]>();
        for (const row of rows) {
          const text = row.translations[language] || row.text;
          const items = byCode.get(row.code) ?? [];
          items.push({ value: row.value, text, title: text });
          byCode.set(row.code, items);
        }
        return Object.fromEntries(byCode);
      });
      cached.byLanguage.set(language, built);
    }
    return built;
  };

  /** A translator for `<field>_dictText` values in `language`, built once per request. */
  const translator = async (language: Language): Promise<(code: string, value: string | number | null) => string | null> => {
    const byCode = await all(language);
    // Own keys only: a code such as `constructor` must not read Object.prototype.
    return (code, value) => (value === null ? null : ((Object.hasOwn(byCode, code) ? byCode[code] : undefined)?.find((i) => i.value === String(value))?.text ?? String(value)));
  };
  /** One dictionary's enabled items in `language`, by sort order; none for an unknown code. */
  const items = async (code: string, language: Language): Promise<DictOption[]> => {
    const byCode = await all(language);
    return Object.hasOwn(byCode, code) ? (byCode[code] ?? []) : [];
  };

  return {
    all,
    translator,
    items,
    /** The texts of these values of one dictionary, in their order; a value it does not hold is its own text. */
    async labels(code: string, values: readonly string[], language: Language): Promise<string[]> {
      const translate = await translator(language);
      return values.map((value) => translate(code, value) ?? value);
    },
    /** The first `size` items of one dictionary whose text or value holds `keyword` (any case): the options of a search select. */
    async search(code: string, keyword: string | undefined, size: number, language: Language): Promise<DictOption[]> {
      const wanted = keyword?.trim().toLowerCase() ?? '';
      return (await items(code, language)).filter((item) => wanted === '' || item.text.toLowerCase().includes(wanted) || item.value.toLowerCase().includes(wanted)).slice(0, size);
    },
    /** Whether a dictionary with this id exists (read each time: a page of a just-added dictionary opens). */
    async exists(dictId: string): Promise<boolean> {
      return (await repository.codesOf([dictId])).length > 0;
    },
    invalidate(): void {
      cached = null;
    },
  };
};

export type DictService = ReturnType<typeof createDictService>;

declare module 'fastify' {
  interface FastifyInstance {
    dicts: DictService;
  }
}
