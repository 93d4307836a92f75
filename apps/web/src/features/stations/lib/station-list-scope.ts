import { mainStationPid } from '@cellsight/contract';

/** The station list's search filters as the URL keeps them (the kit's search bar and advanced query). */
const searchFilters = ['keyWord', 'status', 'superQueryParams'] as const;

/** Whether the station list is searching: any search filter in force. */
export const isSearching = (params: URLSearchParams): boolean => searchFilters.some((name) => (params.get(name) ?? '').trim() !== '');

/**
 * What the station list asks for beyond its search: main stations only while browsing (each opens
 * to its sub-stations), every station while searching, so a sub-station, or a logger or battery
 * SN on one, is found too.
 */
export const stationListScope = (params: URLSearchParams): { pid?: string } => (isSearching(params) ? {} : { pid: mainStationPid });
