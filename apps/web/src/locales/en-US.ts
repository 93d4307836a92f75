import antd from 'antd/es/locale/en_US';
import { type LanguageBundle, byNamespace } from './language-bundle';

/** English: one chunk, loaded when the console runs in it (lib/i18n.ts). dayjs speaks English by itself. */
const bundle: LanguageBundle = { namespaces: byNamespace(import.meta.glob('./en-US/*.json', { eager: true, import: 'default' })), antd };
export default bundle;
