import { loggerPlacementEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** Takes a logger off its station; its data stays with the logger. */
export const unbindLogger = (body: { gsn: string }) => api.call(loggerPlacementEndpoints.unbind, { body });

export const useUnbindLogger = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unbindLogger, onSuccess: () => queryClient.invalidateQueries({ queryKey: loggerKeys.all }) });
};
