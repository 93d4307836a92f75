import { stationResource } from '@cellsight/contract';
import { resourceKeys } from '@/kit/resource-page';

type ListQuery = Record<string, string | number | undefined>;

/**
 * Query keys of the station screens, all under the station resource's key (the kit's lists, the
 * record of `get-station.ts`): invalidating `all` refreshes every station screen, including the
 * loggers and batteries shown on a station.
 */
export const stationKeys = {
  all: resourceKeys.all(stationResource),
  loggers: (stationId: string, query: ListQuery) => [...stationKeys.all, 'loggers', stationId, query] as const,
  batteries: (stationId: string, query: ListQuery) => [...stationKeys.all, 'batteries', stationId, query] as const,
};

/** How often an open station re-reads its figures, loggers and batteries: power and SOC move with every report, and no event says so. */
export const stationRefreshMs = 15_000;
