import { type Language, defaultLanguage, languages } from '@cellsight/contract';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage';

export { type Language, defaultLanguage, languages };

/**
 * Locale files live in `src/locales/<language>/<namespace>.json`; each feature owns its own
 * namespace file (e.g. `users.json`). All are bundled: they are small and the language switch
 * reloads the page anyway.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Resource = {};
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const [, language, namespace] = match;
  resources[language] ??= {};
  resources[language][namespace] = content;
}
export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

const languageKey = 'language';

export const storedLanguage = (): Language => {
  const stored = storage.get<string>(languageKey);
  return (languages as readonly string[]).includes(stored ?? '') ? (stored as Language) : defaultLanguage;
};

/** Stores the chosen language and reloads, as the spec asks. */
export const changeLanguage = (language: Language, reload: () => void = () => window.location.reload()): void => {
  storage.set(languageKey, language);
  reload();
};

export const i18n = i18next.createInstance();

export const initI18n = (language: Language = storedLanguage()) => {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: defaultLanguage,
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  document.documentElement.lang = language;
  return i18n;
};
