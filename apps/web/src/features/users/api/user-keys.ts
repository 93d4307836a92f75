import { resourcePaths } from '@cellsight/contract';
import { resourceKeys } from '@/kit/resource-page';

/** Query keys of the users feature; mutations invalidate through these, never by hand-written arrays. */
export const userKeys = {
  // The list is the kit's (ResourcePage), so its keys are the kit's too (by path: live events use
  // these keys on every page, without the user schemas).
  all: resourceKeys.all({ path: resourcePaths.user }),
  lists: () => [...userKeys.all, 'list'] as const,
  recycleBin: () => [...userKeys.all, 'recycle-bin'] as const,
};
