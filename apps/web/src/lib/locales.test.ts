import { DeviceCode, ServerCode, deviceCodeKey, serverCodeKey, validationMessageKey } from '@cellsight/contract';
import { describe, expect, it } from 'vitest';
import { namespaceGroups } from '../locales/language-bundle';
import { languages } from './i18n';

/**
 * Every locale file, read the way i18n.ts reads them: `locales/<language>/<namespace>.json`.
 * A key present in any language must exist, non-empty, in all three.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

type Flat = Map<string, unknown>;

const flatten = (value: unknown, prefix = '', into: Flat = new Map()): Flat => {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
};

const byNamespace = new Map<string, Map<string, Flat>>();
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const [, language, namespace] = match;
  if (!byNamespace.has(namespace)) byNamespace.set(namespace, new Map());
  byNamespace.get(namespace)?.set(language, flatten(content));
}

/**
 * i18next plural keys (`key_one`, `key_other`) follow each language's plural categories: Chinese
 * has only `_other`, English and German `_one` and `_other`. A plural key present anywhere
 * requires every category of each language; `_zero` is an optional i18next extra.
 */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const pluralCategories = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

const requiredKeys = (allKeys: string[], language: string): string[] => {
  const required = new Set<string>();
  for (const key of allKeys) {
    const match = pluralSuffix.exec(key);
    if (!match || match[1] === 'zero') {
      required.add(key);
      continue;
    }
    const base = key.slice(0, -match[0].length);
    for (const category of pluralCategories(language)) required.add(`${base}_${category}`);
  }
  return [...required].sort();
};

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('exist for the shell namespaces', () => {
    for (const namespace of ['common', 'login', 'server', 'validation', 'device', 'layout']) expect(byNamespace.has(namespace), namespace).toBe(true);
  });

  for (const [namespace, perLanguage] of byNamespace) {
    describe(`namespace "${namespace}"`, () => {
      it('has a file in every language', () => {
        expect([...perLanguage.keys()].sort()).toEqual([...languages].sort());
      });

      const allKeys = [...new Set([...perLanguage.values()].flatMap((flat) => [...flat.keys()].filter((key) => !/_zero$/.test(key))))].sort();

      it.each([...languages])('%s holds every key, with text', (language) => {
        const flat = perLanguage.get(language) ?? new Map<string, unknown>();
        const missing = requiredKeys(allKeys, language).filter((key) => {
          const text = flat.get(key);
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(missing, `${language}/${namespace}.json lacks or leaves empty`).toEqual([]);
      });

      it('uses the same placeholders in every language', () => {
        const english = perLanguage.get('en-US') ?? new Map<string, unknown>();
        const mismatched: string[] = [];
        for (const key of allKeys) {
          // Plural forms may differ (Chinese "_other" stands in for English "_one" and "_other").
          const reference = english.get(key);
          if (typeof reference !== 'string' || pluralSuffix.test(key)) continue;
          for (const language of languages) {
            const text = perLanguage.get(language)?.get(key);
            if (typeof text === 'string' && placeholders(text).join() !== placeholders(reference).join()) mismatched.push(`${language}:${key}`);
          }
        }
        expect(mismatched).toEqual([]);
      });
    });
  }
});

describe('text groups', () => {
  // Each language's group modules (core, public, console), as i18n.ts loads them.
  const groups = import.meta.glob<{ namespaces: Record<string, unknown> }>('../locales/*.ts', { eager: true, import: 'default' });
  const groupOf = (language: string, suffix: string) => Object.keys(groups[`../locales/${language}${suffix}.ts`]?.namespaces ?? {}).sort();

  it.each([...languages])('%s: core and public hold their namespaces, console every other, each namespace in one', (language) => {
    const all = [...byNamespace.keys()].sort();
    expect(groupOf(language, '')).toEqual([...namespaceGroups.core].sort());
    expect(groupOf(language, '-public')).toEqual([...namespaceGroups.public].sort());
    const named = new Set([...namespaceGroups.core, ...namespaceGroups.public]);
    expect(groupOf(language, '-console')).toEqual(all.filter((namespace) => !named.has(namespace)));
  });
});

describe('code catalogues', () => {
  const keysOf = (namespace: string) => byNamespace.get(namespace)?.get('en-US') ?? new Map<string, unknown>();

  it('translate every server code', () => {
    const keys = keysOf('server');
    const missing = Object.values(ServerCode)
      .map((code) => serverCodeKey(code).replace(/^server\./, ''))
      .filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it('translate every device code', () => {
    const keys = keysOf('device');
    const missing = Object.values(DeviceCode)
      .map((code) => deviceCodeKey(code).replace(/^device\./, ''))
      .filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it('translate every validation message key', () => {
    const keys = keysOf('validation');
    expect(Object.values(validationMessageKey).filter((key) => !keys.has(key))).toEqual([]);
  });
});
