import { randomUUID } from 'node:crypto';

/** New row id: 32 hex characters (a UUID without dashes), like JeecgBoot's string ids. */
export const newId = (): string => randomUUID().replaceAll('-', '');

/** Each id once, in the order first given (a request may name a row twice). */
export const uniqueIds = (ids: readonly string[]): string[] => [...new Set(ids)];
