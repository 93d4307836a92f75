import type { RollupPeriod } from '@cellsight/contract';
import type { LoggerListQuery } from '../lib/logger-list-query';

/** Query keys of the loggers feature; live events invalidate through `all`. */
export const loggerKeys = {
  all: ['loggers'] as const,
  list: (query: LoggerListQuery) => [...loggerKeys.all, 'list', query] as const,
  batteries: (gsn: string) => [...loggerKeys.all, 'batteries', gsn] as const,
  cells: (batterySn: string) => [...loggerKeys.all, 'cells', batterySn] as const,
  history: (batterySn: string, period: RollupPeriod) => [...loggerKeys.all, 'history', batterySn, period] as const,
};
