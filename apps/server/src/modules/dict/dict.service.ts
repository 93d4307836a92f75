import type { AllDictItems, Language } from '@cellsight/contract';
import type { DictItemRow, DictRepository } from './dict.repository.js';

/**
 * Dictionary lookups in the caller's language (an item's translation, else its default text).
 * Items are cached for a short while since every list translates codes.
 */
export const createDictService = (repository: DictRepository, cacheMs = 30_000) => {
  let cached: { at: number; rows: Promise<DictItemRow[]> } | null = null;
  const rows = (): Promise<DictItemRow[]> => {
    if (!cached || Date.now() - cached.at > cacheMs) {
      const loading = repository.allItems();
      cached = { at: Date.now(), rows: loading };
      loading.catch(() => (cached = null));
    }
    return cached.rows;
  };

  /** Every dictionary by code, its texts in `language`. */
  const all = async (language: Language): Promise<AllDictItems> => {
    const result: AllDictItems = {};
    for (const row of await rows()) {
      const text = row.translations[language] || row.text;
      (result[row.code] ??= []).push({ value: row.value, text, title: text });
    }
    return result;
  };

  return {
    all,
    /** A translator for `<field>_dictText` values in `language`, built once per request. */
    async translator(language: Language): Promise<(code: string, value: string | number | null) => string | null> {
      const items = await all(language);
      return (code, value) => (value === null ? null : (items[code]?.find((i) => i.value === String(value))?.text ?? String(value)));
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
