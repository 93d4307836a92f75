import { z } from 'zod';

/** A NUL character anywhere in a string (JSON `\u0000`, query `%00`). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const noNul = /^[^\u0000]*$/;

/**
 * The contract's one string type: every string the API or a logger sends is read through it.
 * It refuses NUL characters, which PostgreSQL cannot store in text (`invalid byte sequence for
 * encoding "UTF8": 0x00`), so such input is a 400 naming the field instead of a failed write.
 * Lint forbids `z.string()` elsewhere in the contract and the server.
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(noNul, 'must not contain NUL characters');

/** Whether a string can be stored (the same rule as `text()`, for values read outside zod). */
export const isStorableText = (value: string): boolean => noNul.test(value);
