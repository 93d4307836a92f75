import type { Locale as AntdLocale } from 'antd/es/locale';
import type { ResourceLanguage } from 'i18next';

/** What the console needs to speak one language: its texts by namespace and antd's own. */
export interface LanguageBundle {
  namespaces: ResourceLanguage;
  antd: AntdLocale;
}

/** The texts of one language from its folder's files (`<namespace>.json`), by namespace. */
export const byNamespace = (files: Record<string, ResourceLanguage[string]>): ResourceLanguage =>
  Object.fromEntries(Object.entries(files).map(([path, content]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, content]));
