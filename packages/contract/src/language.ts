/** The console's languages; en-US is the default (spec section 1). */
export const languages = ['en-US', 'zh-CN', 'de-DE'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en-US';

/**
 * The best of our languages for an Accept-Language header (`zh-CN,zh;q=0.9,en;q=0.8`): exact tags
 * first, then the primary subtag (`de` → de-DE), in the header's order of preference.
 */
export const pickLanguage = (header: string | undefined): Language => {
  const wanted = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = languages.find((language) => language.toLowerCase() === tag);
    if (exact) return exact;
    const primary = languages.find((language) => language.toLowerCase().split('-')[0] === tag.split('-')[0]);
    if (primary) return primary;
  }
  return defaultLanguage;
};
