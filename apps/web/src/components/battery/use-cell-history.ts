import type { BatteryCellHistory } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /want/battery/cellHistory: every cell of a battery over one day of its time zone (today without a date). */
export const useCellHistory = (batterySn: string, date: string | undefined, kind: BatteryCellHistory['kind']) =>
  useQuery({
    queryKey: ['/want/battery', 'cellHistory', batterySn, date ?? 'today', kind],
    queryFn: async () => (await api.get<BatteryCellHistory>('/want/battery/cellHistory', { batterySn, date, kind })).result,
    placeholderData: keepPreviousData,
  });
