import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleRoutes } from './module-routes.js';

describe('the list of module routes', () => {
  it('names every module folder that has a <name>.routes.ts, in name order', () => {
    const folder = new URL('.', import.meta.url);
    const withRoutes = readdirSync(folder)
      .filter((name) => existsSync(new URL(`${name}/${name}.routes.ts`, folder)))
      .sort();
    expect(Object.keys(moduleRoutes)).toEqual(withRoutes);
  });
});
