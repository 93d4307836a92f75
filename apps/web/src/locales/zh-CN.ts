import antd from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type LanguageBundle, byNamespace } from './language-bundle';

/** Chinese, the `core` texts (language-bundle.ts), loaded before the first render (lib/i18n.ts), with antd's texts; with dayjs's zh-cn. */
const bundle: LanguageBundle = {
  namespaces: byNamespace(import.meta.glob('./zh-CN/{common,login,server,validation,verification}.json', { eager: true, import: 'default' })),
  antd,
  applyDayjsLocale: () => void dayjs.locale('zh-cn'),
};
export default bundle;
