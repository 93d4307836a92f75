import { type LanguageBundle, byNamespace } from './language-bundle';

/** Chinese, the `console` texts (language-bundle.ts): every namespace of neither `core` nor `public`, loaded with the console. */
const bundle: LanguageBundle = {
  namespaces: byNamespace(
    import.meta.glob(['./zh-CN/*.json', '!./zh-CN/{common,login,server,validation,verification}.json', '!./zh-CN/{self-service,legal,neutral}.json'], { eager: true, import: 'default' }),
  ),
};
export default bundle;
