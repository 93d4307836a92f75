import type { PublicConfig } from '@cellsight/contract';
import { describe, expect, it, vi } from 'vitest';
import { chooseRegion, currentRegion, storedRegionCode } from './region';

const config = (hk: string, eur: string): PublicConfig => ({
  platformName: 'Cellsight',
  defaultRegion: 'EUR',
  regions: [
    { code: 'HK', portalUrl: hk, appDownloadUrl: 'https://app.example/hk' },
    { code: 'EUR', portalUrl: eur, appDownloadUrl: 'https://app.example/eur' },
  ],
  links: { homepage: '', community: '', video: '', professional: '', privacy: '', terms: '' },
  map: { tileUrl: '', attribution: '', geocoderUrl: '', defaultLat: 30.65699, defaultLon: 104.057641, defaultZoom: 17 },
  signupOpen: true,
  thirdLogin: { oauthName: null, casUrl: null },
  frameSources: [],
});

describe('regions', () => {
  it('picks the region served by this host, else the stored one, else the default', () => {
    expect(currentRegion(config('', ''))?.code).toBe('EUR');
    expect(currentRegion(config(window.location.origin, 'https://eu.example'))?.code).toBe('HK');
    chooseRegion(config('', '').regions[0]!, vi.fn());
    expect(currentRegion(config('', ''))?.code).toBe('HK');
  });

  it('stores the choice and leaves for another host only', () => {
    const assign = vi.fn();
    expect(chooseRegion(config('', 'https://eu.example').regions[1]!, assign)).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://eu.example');
    expect(storedRegionCode()).toBe('EUR');
    const stay = vi.fn();
    expect(chooseRegion(config('', '').regions[0]!, stay)).toBe(false);
    expect(stay).not.toHaveBeenCalled();
  });
});
