import { addLanguage } from '@/lib/i18n';
import deDE from '@/locales/de-DE';
import deDEConsole from '@/locales/de-DE-console';
import deDEPublic from '@/locales/de-DE-public';
import enUS from '@/locales/en-US';
import enUSConsole from '@/locales/en-US-console';
import enUSPublic from '@/locales/en-US-public';
import zhCN from '@/locales/zh-CN';
import zhCNConsole from '@/locales/zh-CN-console';
import zhCNPublic from '@/locales/zh-CN-public';

/** Every language at once, all its text groups, for tests that switch between them (the console loads only its own). */
export const addAllLanguages = (): void => {
  for (const bundle of [enUS, enUSPublic, enUSConsole]) addLanguage('en-US', bundle);
  for (const bundle of [zhCN, zhCNPublic, zhCNConsole]) addLanguage('zh-CN', bundle);
  for (const bundle of [deDE, deDEPublic, deDEConsole]) addLanguage('de-DE', bundle);
};
