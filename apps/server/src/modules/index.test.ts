import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modules } from './index.js';

describe('the list of module doors', () => {
  it('names every module folder that has an index.ts, once, and only module folders', () => {
    const folder = new URL('.', import.meta.url);
    const folders = readdirSync(folder).filter((name) => existsSync(new URL(`${name}/`, folder)));
    const withDoor = folders.filter((name) => existsSync(new URL(`${name}/index.ts`, folder)));
    const names = modules.map(([name]) => name);
    for (const name of withDoor) expect(names, name).toContain(name);
    // A plain list screen's module is its folder's table, served through the kit's door (resourceModule).
    for (const name of names) expect(existsSync(new URL(`${name}/index.ts`, folder)) || existsSync(new URL(`${name}/${name}.table.ts`, folder)), name).toBe(true);
    expect(new Set(names).size).toBe(modules.length);
  });

  it('gives every module folder with routes a door', () => {
    const folder = new URL('.', import.meta.url);
    const withRoutes = readdirSync(folder).filter((name) => existsSync(new URL(`${name}/${name}.routes.ts`, folder)));
    for (const name of withRoutes) expect(existsSync(new URL(`${name}/index.ts`, folder)), `${name}/index.ts`).toBe(true);
  });
});
