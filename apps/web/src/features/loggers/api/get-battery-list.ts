import { type BatteryRecord, type Page, batteryResource, endpointsOfResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** How often an open battery table re-reads the latest readings (loggers report every few seconds). */
export const batteryRefreshMs = 15_000;

/** More than any real logger carries (a telemetry message holds at most 100 samples). */
const batteriesPerRequest = 100;

/** The batteries of one logger with their latest reading. */
export const useLoggerBatteries = (gsn: string) =>
  useQuery({
    queryKey: loggerKeys.batteries(gsn),
    queryFn: async (): Promise<Page<BatteryRecord>> =>
      (await api.call(endpointsOfResource(batteryResource).list, { query: { loggerGsn: gsn, pageSize: batteriesPerRequest, column: 'batterySn', order: 'asc' } })).result,
    refetchInterval: batteryRefreshMs,
  });
