import type { BatteryCells } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { batteryRefreshMs } from './get-battery-list';
import { loggerKeys } from './logger-keys';

/** Cell voltages and temperatures of the battery's latest reading, refreshed with the battery table. */
export const useBatteryCells = (batterySn: string) =>
  useQuery({
    queryKey: loggerKeys.cells(batterySn),
    queryFn: async (): Promise<BatteryCells> => (await api.get<BatteryCells>('/want/battery/cells', { batterySn })).result,
    refetchInterval: batteryRefreshMs,
  });
