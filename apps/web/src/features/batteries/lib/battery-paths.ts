import { batteryDetailPath } from '@/lib/console-paths';

/** Where the battery pages live (spec section 2: /battery/index, /battery/detail). */
export const batteryPaths = {
  list: '/battery/index',
  detail: batteryDetailPath,
};
