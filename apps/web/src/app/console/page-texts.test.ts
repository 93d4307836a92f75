import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaceGroups } from '@/locales/language-bundle';

/**
 * A console page renders with the `core` and `console` texts (load-console.ts); a page that speaks a
 * namespace of another group must load that group with its module (`withTexts`), or its words show
 * as raw keys (`editor.title`) when it is opened in the console.
 */
const source = join(__dirname, '..', '..');
const registry = readFileSync(join(source, 'app', 'console', 'page-registry.tsx'), 'utf8');
const consoleNamespaces = readdirSync(join(source, 'locales', 'en-US'))
  .map((file) => file.replace(/\.json$/, ''))
  .filter((namespace) => !namespaceGroups.core.includes(namespace) && !namespaceGroups.public.includes(namespace));

/** The namespaces a feature's code asks `useTranslation` for. */
const namespacesOf = (feature: string): Set<string> => {
  const found = new Set<string>();
  const folder = join(source, 'features', feature);
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(join(folder, file), 'utf8');
    for (const [, one, many] of text.matchAll(/useTranslation\(\s*(?:'([^']+)'|\[([^\]]+)\])/g)) {
      for (const namespace of one ? [one] : [...(many ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]!)) found.add(namespace);
    }
  }
  return found;
};

const pages = [...registry.matchAll(/lazy\((?:withTexts\('(\w+)',\s*)?\(\) => import\('@\/features\/([^/']+)\//g)].map(([, group, feature]) => ({ feature: feature!, group }));

describe('the console pages’ texts', () => {
  it('reads the registry’s pages', () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.some((page) => page.feature === 'legal')).toBe(true);
  });

  it('loads every namespace a page speaks with the page', () => {
    const missing = pages.flatMap(({ feature, group }) => {
      const loaded = new Set([...namespaceGroups.core, ...consoleNamespaces, ...(group === 'public' ? namespaceGroups.public : [])]);
      return [...namespacesOf(feature)].filter((namespace) => !loaded.has(namespace)).map((namespace) => `${feature}: ${namespace}`);
    });
    expect(missing).toEqual([]);
  });
});
