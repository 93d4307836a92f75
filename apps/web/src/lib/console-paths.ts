/**
 * Pages other features link to (spec section 2 routes), so a link from one feature to another's
 * page is written once: features may not import each other.
 */
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** A station's page (station management detail). */
export const stationDetailPath = (id: string): string => withQuery('/stationmgr/detail', { id });

/** A battery's page. */
export const batteryDetailPath = (batterySn: string): string => withQuery('/battery/detail', { batterySn });

/** A battery's history (charts and energy) on the history screen. */
export const batteryHistoryPath = (batterySn: string): string => withQuery('/battery/history', { batterySn });

/** The change records (replacements and moves) that name a battery. */
export const batteryChangesPath = (batterySn: string): string => withQuery('/battery/change', { sn: batterySn });
