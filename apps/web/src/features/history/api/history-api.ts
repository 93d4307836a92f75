import { type HistoryRange, type StationChartRange, historyEndpoints } from '@cellsight/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, saveFile } from '@/lib/api-client';

/** What a history screen asks for: the range and its day (or first and last day of a custom range), all station-local. */
export interface RangeQuery<R extends string = HistoryRange | StationChartRange> {
  range: R;
  date?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
}

/** The query's parameters, without the empty ones (the server then takes today in the station's zone). */
export const rangeParams = <R extends string>(query: RangeQuery<R>): RangeQuery<R> =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')) as unknown as RangeQuery<R>;

/** A custom range needs both ends before it is asked for. */
export const isComplete = (query: RangeQuery): boolean => query.range !== 'custom' || Boolean(query.begin && query.end);

export const historyKeys = {
  battery: (batterySn: string, query: RangeQuery) => ['history', 'battery', batterySn, rangeParams(query)] as const,
  station: (id: string, query: RangeQuery) => ['history', 'station', id, rangeParams(query)] as const,
};

/** A battery's readings and energy over the range; the last answer stays on screen while the next loads. */
export const useBatteryRangeHistory = (batterySn: string, query: RangeQuery<HistoryRange>) =>
  useQuery({
    queryKey: historyKeys.battery(batterySn, query),
    queryFn: async () => (await api.call(historyEndpoints.batteryRange, { query: { batterySn, ...rangeParams(query) } })).result,
    enabled: batterySn !== '' && isComplete(query),
    placeholderData: keepPreviousData,
  });

/** A station's power, SOC and energy over the range. */
export const useStationChart = (id: string, query: RangeQuery<StationChartRange>) =>
  useQuery({
    queryKey: historyKeys.station(id, query),
    queryFn: async () => (await api.call(historyEndpoints.stationChart, { query: { id, ...rangeParams(query) } })).result,
    enabled: id !== '' && isComplete(query),
    placeholderData: keepPreviousData,
  });

export type ExportFormat = 'csv' | 'xlsx';

/** Downloads what is shown as CSV or XLSX from `<path>/exportCsv|exportXls` with the same query. */
export const useHistoryExport = (path: string, params: Record<string, string>) =>
  useMutation({
    mutationFn: async (format: ExportFormat) => saveFile(await api.download(`${path}/${format === 'csv' ? 'exportCsv' : 'exportXls'}`, params, `history.${format}`)),
  });
