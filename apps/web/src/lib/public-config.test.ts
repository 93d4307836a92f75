import { describe, expect, it } from 'vitest';
import { publicConfig } from '@/testing/fixtures';
import { footerLinkHref } from './public-config';

describe('footer links', () => {
  it('go to the configured address, else to the console’s own privacy and terms pages, else nowhere', () => {
    const links = { ...publicConfig.links, privacy: 'https://operator.example/privacy', terms: '', community: '' };
    expect(footerLinkHref(links, 'privacy')).toBe('https://operator.example/privacy');
    expect(footerLinkHref(links, 'terms')).toBe('/condition');
    expect(footerLinkHref({ ...links, privacy: '' }, 'privacy')).toBe('/privacy');
    expect(footerLinkHref(links, 'community')).toBe('');
  });
});
