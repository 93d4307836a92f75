import { type RollupPeriod, resourcePaths } from '@cellsight/contract';
import { resourceKeys } from '@/kit/resource-page';

/** Query keys of the loggers feature; live events invalidate through `all`, which holds the batteries too. */
export const loggerKeys = {
  // The list is the kit's (ResourcePage), so its keys are the kit's too (by path: live events use
  // these keys on every page, without the logger schemas).
  all: resourceKeys.all({ path: resourcePaths.logger }),
  batteries: (gsn: string) => [...loggerKeys.all, 'batteries', gsn] as const,
  cells: (batterySn: string) => [...loggerKeys.all, 'cells', batterySn] as const,
  history: (batterySn: string, period: RollupPeriod) => [...loggerKeys.all, 'history', batterySn, period] as const,
};
