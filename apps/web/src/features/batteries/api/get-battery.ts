import { type BatteryRecord, batteryResource, endpointsOfResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { batteryKeys, batteryRefreshMs } from './battery-keys';

/** GET /want/battery/queryById?id=: one battery of the user's scope with its latest reading (404 otherwise). */
export const useBattery = (batterySn: string) =>
  useQuery({
    queryKey: batteryKeys.one(batterySn),
    queryFn: async (): Promise<BatteryRecord> => (await api.call(endpointsOfResource(batteryResource).queryById, { query: { id: batterySn } })).result,
    enabled: batterySn !== '',
    refetchInterval: batteryRefreshMs,
    retry: false,
  });
