import { randomUUID } from 'node:crypto';

/** New row id: 32 hex characters (a UUID without dashes), like JeecgBoot's string ids. */
export const newId = (): string => randomUUID().replaceAll('-', '');
