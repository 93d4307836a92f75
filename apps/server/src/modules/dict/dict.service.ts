import type { AllDictItems } from '@cellsight/contract';
import type { DictRepository } from './dict.repository.js';

/** Dictionary lookups; items are cached for a short while since every list translates codes. */
export const createDictService = (repository: DictRepository, cacheMs = 30_000) => {
  let cached: { at: number; items: Promise<AllDictItems> } | null = null;
  const all = (): Promise<AllDictItems> => {
    if (!cached || Date.now() - cached.at > cacheMs) {
      const items = repository.allItems();
      cached = { at: Date.now(), items };
      items.catch(() => (cached = null));
    }
    return cached.items;
  };
  return {
    all,
    /** A translator for `<field>_dictText` values, built once per request. */
    async translator(): Promise<(code: string, value: string | number | null) => string | null> {
      const items = await all();
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
