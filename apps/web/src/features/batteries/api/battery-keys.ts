import { batteryResource } from '@cellsight/contract';
import { resourceKeys } from '@/kit/resource-page';

/** Query keys of the batteries feature: all under the battery resource's, which live device events invalidate. */
export const batteryKeys = {
  all: resourceKeys.all(batteryResource),
  one: (batterySn: string) => [...batteryKeys.all, 'one', batterySn] as const,
};

/** How often an open battery's reading is read again (each report changes it; no event says so). */
export const batteryRefreshMs = 15_000;
