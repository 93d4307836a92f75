import { type Language, defaultLanguage, languages } from '@cellsight/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageBundle } from '../locales/language-bundle';
import { storage } from './storage';

export { type Language, defaultLanguage, languages };

/**
 * Locale files live in `src/locales/<language>/<namespace>.json`; each feature owns its own
 * namespace file (e.g. `users.json`). Each language is one chunk (`locales/<language>.ts`, with
 * antd's and dayjs's texts), and a page loads only its own before it renders: a language switch
 * reloads the page anyway, and three languages' texts would be a fifth of the sign-in page.
 */
const bundles: Record<Language, () => Promise<{ default: LanguageBundle }>> = {
  'en-US': () => import('../locales/en-US'),
  'zh-CN': () => import('../locales/zh-CN'),
  'de-DE': () => import('../locales/de-DE'),
};

const antdLocales: Partial<Record<Language, AntdLocale>> = {};
/** antd's texts in `language` once it is loaded (antd speaks English until then). */
export const loadedAntdLocale = (language: Language): AntdLocale | undefined => antdLocales[language];

/** Adds a language's texts (and antd's) to the console. */
export const addLanguage = (language: Language, bundle: LanguageBundle): void => {
  for (const [namespace, texts] of Object.entries(bundle.namespaces)) i18n.addResourceBundle(language, namespace, texts, true, true);
  antdLocales[language] = bundle.antd;
};

/** Loads the page's language (`initI18n`'s) before the first render. */
export const loadLanguage = async (language: Language = storedLanguage()): Promise<void> => {
  addLanguage(language, (await bundles[language]()).default);
};

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
      resources: {},
      lng: language,
      fallbackLng: defaultLanguage,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  document.documentElement.lang = language;
  return i18n;
};
