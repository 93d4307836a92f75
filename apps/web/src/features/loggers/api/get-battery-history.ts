import { type RollupPeriod, historyEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** A battery's rollups over the period's default range (last day, week or month), re-read every minute. */
export const useBatteryHistory = (batterySn: string, period: RollupPeriod) =>
  useQuery({
    queryKey: loggerKeys.history(batterySn, period),
    queryFn: async () => (await api.call(historyEndpoints.batteryReadings, { query: { batterySn, period } })).result,
    refetchInterval: 60_000,
  });
