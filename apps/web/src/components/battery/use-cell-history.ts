import { type BatteryCellHistory, batteryCellEndpoints } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every cell of a battery over one day of its time zone (today without a date): the contract's `batteryCellEndpoints.dayHistory`. */
export const useCellHistory = (batterySn: string, date: string | undefined, kind: BatteryCellHistory['kind']) =>
  useQuery({
    // Under the batteries' key: a battery's live update refreshes its heat map too.
    queryKey: ['/want/battery', 'cellHistory', batterySn, date ?? 'today', kind],
    queryFn: async () => (await api.call(batteryCellEndpoints.dayHistory, { query: { batterySn, date, kind } })).result,
    placeholderData: keepPreviousData,
  });
