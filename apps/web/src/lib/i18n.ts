import { type Language, defaultLanguage, languages } from '@cellsight/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageBundle, TextGroup } from '../locales/language-bundle';
import { storage } from './storage';

export { type Language, defaultLanguage, languages };

/**
 * Locale files live in `src/locales/<language>/<namespace>.json`; each feature owns its own
 * namespace file (e.g. `users.json`). A page loads only its own language, in up to three chunks
 * (`locales/language-bundle.ts`): `core` before the first render (`locales/<language>.ts`, with
 * antd's and dayjs's texts), `public` with the self-service, legal and device-portal pages, and
 * `console` with the signed-in console. A language switch reloads the page anyway, and all texts of
 * all three languages would weigh more than the rest of the sign-in page.
 */
const bundles: Record<Language, Record<TextGroup, () => Promise<{ default: LanguageBundle }>>> = {
  'en-US': { core: () => import('../locales/en-US'), public: () => import('../locales/en-US-public'), console: () => import('../locales/en-US-console') },
  'zh-CN': { core: () => import('../locales/zh-CN'), public: () => import('../locales/zh-CN-public'), console: () => import('../locales/zh-CN-console') },
  'de-DE': { core: () => import('../locales/de-DE'), public: () => import('../locales/de-DE-public'), console: () => import('../locales/de-DE-console') },
};

const antdLocales: Partial<Record<Language, AntdLocale>> = {};
/** antd's texts in `language` once it is loaded (antd speaks English until then). */
export const loadedAntdLocale = (language: Language): AntdLocale | undefined => antdLocales[language];

/** Adds texts of a language (and antd's, where the bundle has them) to the console. */
export const addLanguage = (language: Language, bundle: LanguageBundle): void => {
  for (const [namespace, texts] of Object.entries(bundle.namespaces)) i18n.addResourceBundle(language, namespace, texts, true, true);
  if (bundle.antd) antdLocales[language] = bundle.antd;
};

const loading = new Map<string, Promise<void>>();

/**
 * Loads a group of the page's language once (the same promise for every caller); a page's lazy
 * loader awaits it with its module, so nothing renders before its texts are there.
 */
export const loadTexts = (group: TextGroup, language: Language = pageLanguage()): Promise<void> => {
  const key = `${language} ${group}`;
  let done = loading.get(key);
  if (!done) {
    done = bundles[language][group]().then(({ default: bundle }) => {
      addLanguage(language, bundle);
      bundle.applyDayjsLocale?.();
    });
    // A failed download may be tried again (the route's error page offers a reload).
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
};

/** Loads the page's language (`initI18n`'s) `core` texts before the first render. */
export const loadLanguage = (language: Language = storedLanguage()): Promise<void> => loadTexts('core', language);

/** A language name (i18next's current one by default) as one of the console's, else the default. */
export const consoleLanguage = (language: string = i18n.language): Language => ((languages as readonly string[]).includes(language) ? (language as Language) : defaultLanguage);

/** The language the console runs in (initI18n's), or the stored one before it starts. */
const pageLanguage = (): Language => ((languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : storedLanguage());

/**
 * `import()` of a lazily loaded page module together with its texts: what `React.lazy` is given, so
 * the page renders only once both are there.
 */
export const withTexts =
  <Module>(group: TextGroup, load: () => Promise<Module>) =>
  async (): Promise<Module> => {
    const [module] = await Promise.all([load(), loadTexts(group)]);
    return module;
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
