import { type LanguageBundle, byNamespace } from './language-bundle';

/** German, the `console` texts (language-bundle.ts): every namespace of neither `core` nor `public`, loaded with the console. */
const bundle: LanguageBundle = {
  namespaces: byNamespace(
    import.meta.glob(['./de-DE/*.json', '!./de-DE/{common,login,server,validation,verification}.json', '!./de-DE/{self-service,legal,neutral}.json'], { eager: true, import: 'default' }),
  ),
};
export default bundle;
