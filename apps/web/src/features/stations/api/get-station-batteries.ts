import { type BatteryRecord, type Page, batteryResource, endpointsOfResource } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StationDeviceQuery } from './get-station-loggers';
import { stationKeys, stationRefreshMs } from './station-keys';

/** GET /want/battery/list?stationId=: one page of the batteries of a station's loggers, with their latest reading. */
export const getStationBatteries = async (stationId: string, query: StationDeviceQuery): Promise<Page<BatteryRecord>> =>
  (await api.call(endpointsOfResource(batteryResource).list, { query: { ...query, stationId } })).result;

export const useStationBatteries = (stationId: string, query: StationDeviceQuery, enabled = true) =>
  useQuery({
    queryKey: stationKeys.batteries(stationId, query),
    queryFn: () => getStationBatteries(stationId, query),
    placeholderData: keepPreviousData,
    refetchInterval: stationRefreshMs,
    enabled,
  });
