import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import * as contract from '@cellsight/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The sign-in page loads no schema (docs/performance.md: its JavaScript ≤ 200 KB, zod off it, and
 * no `new Function` probe under the Content Security Policy). Everything main.tsx reaches through
 * static imports is that page's; of the contract it may use only plain values (codes, limits,
 * helpers), never an endpoint or a schema, which would bring zod with them.
 */
const src = join(__dirname, '..');

const resolve = (from: string, spec: string): string | null => {
  const base = spec.startsWith('@/') ? join(src, spec.slice(2)) : spec.startsWith('.') ? normalize(join(dirname(from), spec)) : null;
  if (!base) return null;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((file) => existsSync(file) && !file.endsWith('/')) ?? null;
};

/** The contract's names that the statically reachable modules import as values, by file. */
const contractValuesOfSignIn = (): Map<string, string[]> => {
  const seen = new Set<string>();
  const found = new Map<string, string[]>();
  const stack = [join(src, 'app', 'main.tsx')];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, clause = '', spec = ''] of text.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gm)) {
      if (spec === '@cellsight/contract') {
        const names = clause.replace(/[{}]/g, '').split(',').map((name) => name.trim()).filter((name) => name && !name.startsWith('type '));
        if (names.length > 0) found.set(file.slice(src.length + 1), names);
        continue;
      }
      const next = resolve(file, spec);
      if (next) stack.push(next);
    }
    for (const [, spec = ''] of text.matchAll(/^import\s+'([^']+)'/gm)) {
      const next = resolve(file, spec);
      if (next) stack.push(next);
    }
  }
  return found;
};

/** Whether a contract export is, or holds, a zod schema (an endpoint holds its schemas). */
const bringsZod = (value: unknown, depth = 0): boolean => {
  if (value instanceof z.ZodType) return true;
  if (depth > 2 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((inner) => bringsZod(inner, depth + 1));
};

describe('the sign-in page', () => {
  it('reaches its pages through static imports that take only plain values of the contract', () => {
    const found = contractValuesOfSignIn();
    expect(found.size).toBeGreaterThan(0);
    const schemaBearing = [...found].flatMap(([file, names]) => names.filter((name) => bringsZod((contract as Record<string, unknown>)[name])).map((name) => `${file}: ${name}`));
    expect(schemaBearing).toEqual([]);
  });

  it('would notice an endpoint or a schema', () => {
    expect(bringsZod(contract.authEndpoints)).toBe(true);
    expect(bringsZod(contract.loginRequestSchema)).toBe(true);
    expect(bringsZod(contract.ServerCode)).toBe(false);
    expect(bringsZod(contract.limits)).toBe(false);
  });
});
