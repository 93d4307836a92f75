import type { PublicConfig } from '@cellsight/contract';
import { storage } from './storage';

export type Region = PublicConfig['regions'][number];
export type RegionCode = Region['code'];

const regionKey = 'region';

const originOf = (url: string): string | null => {
  // An empty portal URL means the region has no portal of its own (it is not "this host").
  if (!url.trim()) return null;
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return null;
  }
};

/**
 * The region this page belongs to: the region whose portal is this origin (regions are chosen by
 * host, spec section 1), else the stored choice, else the deployment's default.
 */
export const currentRegion = (config: PublicConfig): Region | undefined => {
  const here = window.location.origin;
  const byHost = config.regions.find((region) => originOf(region.portalUrl) === here);
  if (byHost) return byHost;
  const stored = storage.get<string>(regionKey);
  return config.regions.find((region) => region.code === stored) ?? config.regions.find((region) => region.code === config.defaultRegion) ?? config.regions[0];
};

export const storedRegionCode = (): RegionCode | null => {
  const stored = storage.get<string>(regionKey);
  return stored === 'HK' || stored === 'EUR' ? stored : null;
};

/**
 * Stores the choice and, when that region's portal is another host, goes there. Returns whether
 * the page is being left.
 */
export const chooseRegion = (region: Region, assign: (url: string) => void = (url) => window.location.assign(url)): boolean => {
  storage.set(regionKey, region.code);
  const origin = originOf(region.portalUrl);
  if (origin === null || origin === window.location.origin) return false;
  assign(region.portalUrl);
  return true;
};
