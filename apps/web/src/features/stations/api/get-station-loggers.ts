import { type LoggerRecord, type Page, loggerEndpoints } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { stationKeys, stationRefreshMs } from './station-keys';

export type StationDeviceQuery = Record<string, string | number>;

/** GET /want/logger/list?stationId=: one page of a station's loggers with their online state. */
export const getStationLoggers = async (stationId: string, query: StationDeviceQuery): Promise<Page<LoggerRecord>> =>
  (await api.call(loggerEndpoints.list, { query: { ...query, stationId } })).result;

export const useStationLoggers = (stationId: string, query: StationDeviceQuery, enabled = true) =>
  useQuery({
    queryKey: stationKeys.loggers(stationId, query),
    queryFn: () => getStationLoggers(stationId, query),
    placeholderData: keepPreviousData,
    refetchInterval: stationRefreshMs,
    enabled,
  });
