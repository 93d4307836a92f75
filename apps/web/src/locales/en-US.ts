import antd from 'antd/es/locale/en_US';
import { type LanguageBundle, byNamespace } from './language-bundle';

/** English, the `core` texts (language-bundle.ts), loaded before the first render (lib/i18n.ts), with antd's texts; dayjs speaks English by itself. */
const bundle: LanguageBundle = {
  namespaces: byNamespace(import.meta.glob('./en-US/{common,login,server,validation,verification}.json', { eager: true, import: 'default' })),
  antd,
};
export default bundle;
