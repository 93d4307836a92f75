import antd from 'antd/es/locale/de_DE';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import { type LanguageBundle, byNamespace } from './language-bundle';

/** German, the `core` texts (language-bundle.ts), loaded before the first render (lib/i18n.ts), with antd's texts; with dayjs's de. */
const bundle: LanguageBundle = {
  namespaces: byNamespace(import.meta.glob('./de-DE/{common,login,server,validation,verification}.json', { eager: true, import: 'default' })),
  antd,
  applyDayjsLocale: () => void dayjs.locale('de'),
};
export default bundle;
