import type { BatteryAliasRequest, Envelope } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { batteryKeys } from './battery-keys';

/** POST /want/battery/edit: a battery's alias (null clears it); the list and the detail read it again. */
export const editBatteryAlias = (body: BatteryAliasRequest): Promise<Envelope<unknown>> => api.post<unknown>('/want/battery/edit', body);

export const useEditBatteryAlias = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editBatteryAlias, onSuccess: () => queryClient.invalidateQueries({ queryKey: batteryKeys.all }) });
};
