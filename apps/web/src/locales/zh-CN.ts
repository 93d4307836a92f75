import antd from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { type LanguageBundle, byNamespace } from './language-bundle';

/** Chinese: one chunk, loaded when the console runs in it (lib/i18n.ts), with dayjs's zh-cn. */
const bundle: LanguageBundle = { namespaces: byNamespace(import.meta.glob('./zh-CN/*.json', { eager: true, import: 'default' })), antd };
export default bundle;
