import { batteryEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often an open battery's cells are read again: each report may change them, and no event says so. */
export const batteryCellsRefreshMs = 15_000;

/** Query key of a battery's cells: under the batteries' path, so what refreshes batteries refreshes them too. */
export const batteryCellsKey = (batterySn: string) => ['/want/battery', 'cells', batterySn] as const;

/** Cell voltages and temperatures of the battery's latest reading. */
export const useBatteryCells = (batterySn: string) =>
  useQuery({
    queryKey: batteryCellsKey(batterySn),
    queryFn: async () => (await api.call(batteryEndpoints.cells, { query: { batterySn } })).result,
    refetchInterval: batteryCellsRefreshMs,
  });
