import { type LoggerRefusal, ingestEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** Under `loggerKeys.all`, so live logger events refresh it with the rest of the screen. */
export const loggerRefusalsKey = (gsn: string) => [...loggerKeys.all, 'refusals', gsn] as const;

/** A logger's refused messages per reason (its diagnostics); re-read while shown, as the server adds to them every few seconds. */
export const useLoggerRefusals = (gsn: string) =>
  useQuery({
    queryKey: loggerRefusalsKey(gsn),
    queryFn: async (): Promise<LoggerRefusal[]> => (await api.call(ingestEndpoints.refusals, { query: { gsn } })).result,
    refetchInterval: 15_000,
  });
