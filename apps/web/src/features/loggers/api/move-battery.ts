import { type BatteryMove, loggerPlacementEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** An administrator gives a battery to another logger; both loggers' battery lists and counts change. */
export const moveBattery = (body: BatteryMove) => api.call(loggerPlacementEndpoints.moveBattery, { body });

export const useMoveBattery = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveBattery, onSuccess: () => queryClient.invalidateQueries({ queryKey: loggerKeys.all }) });
};
