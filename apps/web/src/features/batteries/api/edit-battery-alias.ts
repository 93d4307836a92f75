import { type BatteryAliasRequest, batteryEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { batteryKeys } from './battery-keys';

/** A battery's alias (null clears it); the list and the detail read it again. */
export const editBatteryAlias = (body: BatteryAliasRequest) => api.call(batteryEndpoints.editAlias, { body });

export const useEditBatteryAlias = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editBatteryAlias, onSuccess: () => queryClient.invalidateQueries({ queryKey: batteryKeys.all }) });
};
