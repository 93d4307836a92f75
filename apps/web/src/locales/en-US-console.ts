import { type LanguageBundle, byNamespace } from './language-bundle';

/** English, the `console` texts (language-bundle.ts): every namespace of neither `core` nor `public`, loaded with the console. */
const bundle: LanguageBundle = {
  namespaces: byNamespace(
    import.meta.glob(['./en-US/*.json', '!./en-US/{common,login,server,validation,verification}.json', '!./en-US/{self-service,legal,neutral}.json'], { eager: true, import: 'default' }),
  ),
};
export default bundle;
