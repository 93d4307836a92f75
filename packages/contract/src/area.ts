import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { text } from './text.js';

/** Areas for the area linkage picker (spec sections 2, 3, 9): provinces, cities and districts, levels 1 to 3. */
export const areaLevels = 3;

/** An area item (spec section 3): its code as id, its name, its parent's code ('' at level 1), its level. */
export const areaItemSchema = z.object({ id: text(), text: text(), pid: text(), level: z.number().int().min(1).max(areaLevels) });
export type AreaItem = z.infer<typeof areaItemSchema>;

const code = text().trim().regex(/^\d{6}$/, 'must be a six-digit area code');

/** `GET /sys/area/children`: the areas under `pid` (none or empty: the provinces). */
export const areaChildrenQuerySchema = z.object({ pid: z.union([z.literal(''), code]).optional() });
/** `GET /sys/area/path`: a saved code and the areas above it, from level 1 down (to show a saved value). */
export const areaPathQuerySchema = z.object({ code });

/** Areas for the area linkage picker. */
export const areaEndpoints = {
  children: defineEndpoint({ method: 'GET', path: '/sys/area/children', query: areaChildrenQuerySchema, result: z.array(areaItemSchema) }),
  path: defineEndpoint({ method: 'GET', path: '/sys/area/path', query: areaPathQuerySchema, result: z.array(areaItemSchema) }),
};
