import antd from 'antd/es/locale/de_DE';
import 'dayjs/locale/de';
import { type LanguageBundle, byNamespace } from './language-bundle';

/** German: one chunk, loaded when the console runs in it (lib/i18n.ts), with dayjs's de. */
const bundle: LanguageBundle = { namespaces: byNamespace(import.meta.glob('./de-DE/*.json', { eager: true, import: 'default' })), antd };
export default bundle;
