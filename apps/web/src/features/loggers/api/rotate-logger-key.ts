import { type EndpointEnvelope, type LoggerKeyRotation, loggerEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** An administrator gives a logger a new registration key; the server drops its connection, so the list's online state changes. */
export const rotateLoggerKey = (body: LoggerKeyRotation): Promise<EndpointEnvelope<typeof loggerEndpoints.rotateKey>> => api.call(loggerEndpoints.rotateKey, { body });

export const useRotateLoggerKey = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateLoggerKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: loggerKeys.all }) });
};
