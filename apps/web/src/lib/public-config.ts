import type { PublicConfig } from '@cellsight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

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
