import type { LoggerRecord, Page } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoggerListQuery } from '../lib/logger-list-query';
import { loggerKeys } from './logger-keys';

/** One page of loggers; the previous page stays on screen while the next one loads. */
export const useLoggerList = (query: LoggerListQuery) =>
  useQuery({
    queryKey: loggerKeys.list(query),
    queryFn: async (): Promise<Page<LoggerRecord>> => (await api.get<Page<LoggerRecord>>('/want/logger/list', query)).result,
    placeholderData: keepPreviousData,
  });
