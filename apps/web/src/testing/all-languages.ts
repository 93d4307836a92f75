import { addLanguage } from '@/lib/i18n';
import deDE from '@/locales/de-DE';
import enUS from '@/locales/en-US';
import zhCN from '@/locales/zh-CN';

/** Every language at once, for tests that switch between them (the console loads only its own). */
export const addAllLanguages = (): void => {
  addLanguage('en-US', enUS);
  addLanguage('zh-CN', zhCN);
  addLanguage('de-DE', deDE);
};
