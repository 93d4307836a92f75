import { type LoggerAliasRequest, loggerPlacementEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** Gives a logger an alias (null clears it); the list shows it once read again. */
export const editLoggerAlias = (body: LoggerAliasRequest) => api.call(loggerPlacementEndpoints.editAlias, { body });

export const useEditLoggerAlias = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editLoggerAlias, onSuccess: () => queryClient.invalidateQueries({ queryKey: loggerKeys.all }) });
};
