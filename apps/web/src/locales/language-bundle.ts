import type { Locale as AntdLocale } from 'antd/es/locale';
import type { ResourceLanguage } from 'i18next';

/**
 * The console's texts come in three groups per language, each a chunk of its own, so a page loads
 * only what it shows: `core` with every page before the first render (the sign-in page's namespaces
 * and those of the frame, the error pages and the server's messages, with antd's and dayjs's texts),
 * `public` with the other public pages (self-service, legal, the device portal's frame), `console`
 * with the signed-in console (every other namespace). Each group's module lists its namespaces in its
 * glob; `namespaceGroups` names them once more for lib/locales.test.ts, which holds the modules to it.
 */
export type TextGroup = 'core' | 'public' | 'console';

/** The namespaces of `core` and `public`; `console` is every other file of the language's folder. */
export const namespaceGroups: Record<Exclude<TextGroup, 'console'>, readonly string[]> = {
  core: ['common', 'login', 'server', 'validation', 'verification'],
  public: ['self-service', 'legal', 'neutral'],
};

/** What one group of a language holds: its texts by namespace, and antd's own texts in `core`. */
export interface LanguageBundle {
  namespaces: ResourceLanguage;
  antd?: AntdLocale;
  /** Makes dayjs speak the language (`core` of a language other than English, which dayjs speaks by itself). */
  applyDayjsLocale?: () => void;
}

/** The texts of one language from its folder's files (`<namespace>.json`), by namespace. */
export const byNamespace = (files: Record<string, ResourceLanguage[string]>): ResourceLanguage =>
  Object.fromEntries(Object.entries(files).map(([path, content]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, content]));
