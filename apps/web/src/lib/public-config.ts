import type { PublicConfig } from '@cellsight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

// On the sign-in page's path, which loads no schema (docs/performance.md): the path is written here, the type is the contract's.

/** Used until the public config arrives, and when it cannot be loaded. */
export const fallbackPlatformName = 'Cellsight';

/** GET /sys/public/config: platform name, region portals and footer links (public). */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: async (): Promise<PublicConfig> => (await api.get<PublicConfig>('/sys/public/config')).result,
  // Deployment settings: they do not change while the page is open.
  staleTime: Infinity,
  retry: 1,
});

export const usePublicConfig = () => useQuery(publicConfigQuery);

export const usePlatformName = (): string => usePublicConfig().data?.platformName || fallbackPlatformName;

/** The console's own pages for the legal links when the deployment names no address of its own (LINK_PRIVACY, LINK_TERMS). */
const ownLegalPages: Partial<Record<keyof PublicConfig['links'], string>> = { privacy: '/privacy', terms: '/condition' };

/** Where a footer link goes: the configured address, else the console's own page, else nowhere (the link is left out). */
export const footerLinkHref = (links: PublicConfig['links'], key: keyof PublicConfig['links']): string => links[key] || ownLegalPages[key] || '';
