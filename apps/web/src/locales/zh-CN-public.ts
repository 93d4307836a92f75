import { type LanguageBundle, byNamespace } from './language-bundle';

/** Chinese, the `public` texts (language-bundle.ts): self-service, legal and the device portal's frame, loaded with those pages. */
const bundle: LanguageBundle = { namespaces: byNamespace(import.meta.glob('./zh-CN/{self-service,legal,neutral}.json', { eager: true, import: 'default' })) };
export default bundle;
