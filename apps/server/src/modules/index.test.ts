import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modules } from './index.js';

describe('the list of module doors', () => {
  it('names every module folder that has an index.ts, once', () => {
    const folder = new URL('.', import.meta.url);
    const withDoor = readdirSync(folder)
      .filter((name) => existsSync(new URL(`${name}/index.ts`, folder)))
      .sort();
    expect(modules.map(([name]) => name).sort()).toEqual(withDoor);
    expect(new Set(modules.map(([name]) => name)).size).toBe(modules.length);
  });

  it('gives every module folder with routes a door', () => {
    const folder = new URL('.', import.meta.url);
    const withRoutes = readdirSync(folder).filter((name) => existsSync(new URL(`${name}/${name}.routes.ts`, folder)));
    for (const name of withRoutes) expect(existsSync(new URL(`${name}/index.ts`, folder)), `${name}/index.ts`).toBe(true);
  });
});
