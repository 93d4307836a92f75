import { type LoggerRegistration, loggerEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** Registers loggers (SN, key, time zone) so they may connect; the list refreshes afterwards. */
export const useRegisterLoggers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: LoggerRegistration) => api.call(loggerEndpoints.registerBatch, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggerKeys.all }),
  });
};
