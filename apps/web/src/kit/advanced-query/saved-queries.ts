import { superQueryConditionSchema } from '@cellsight/contract';
import { useState } from 'react';
import { z } from 'zod';
import { storage } from '@/lib/storage';
import type { SavedQuery } from './types';

const savedQueriesSchema = z.array(
  z.object({
    title: z.string(),
    matchType: z.enum(['and', 'or']),
    records: z.array(superQueryConditionSchema),
  }),
);

/** One list per screen: the key names the route the screen passes as `storageKey`. */
const keyOf = (storageKey: string) => `superQuery:${storageKey}`;

/** Stored data may be from an older console or edited by hand: what does not fit is ignored. */
const read = (storageKey: string): SavedQuery[] => {
  const parsed = savedQueriesSchema.safeParse(storage.get<unknown>(keyOf(storageKey)));
  return parsed.success ? parsed.data : [];
};

/**
 * The saved queries of a screen, kept in local storage. Read on mount only: the builder's dialog
 * mounts afresh on every opening, so each opening shows what is stored.
 */
export function useSavedQueries(storageKey: string) {
  const [queries, setQueries] = useState(() => read(storageKey));
  const write = (next: SavedQuery[]) => {
    storage.set(keyOf(storageKey), next);
    setQueries(next);
  };
  const has = (title: string) => queries.some((query) => query.title === title);
  return {
    queries,
    has,
    /** Adds the query, or replaces the one with its title in place. */
    save: (query: SavedQuery) => write(has(query.title) ? queries.map((q) => (q.title === query.title ? query : q)) : [...queries, query]),
    remove: (title: string) => write(queries.filter((query) => query.title !== title)),
  };
}
