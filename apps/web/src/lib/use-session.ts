import type { UserInfo } from '@cellsight/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { session } from './session';

/*
 * React bindings for the session store. Stored values are parsed from local storage on every
 * read, so components subscribe to a change counter and re-read when it moves (a parsed object
 * would be a new snapshot on every render).
 */
let version = 0;
session.subscribe(() => {
  version += 1;
});
const getVersion = () => version;

/** The signed-in user's info, re-read whenever the session changes. */
export const useUserInfo = (): UserInfo | null => {
  const current = useSyncExternalStore(session.subscribe, getVersion, getVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the counter is the dependency: it moves on every session change
  return useMemo(() => session.userInfo, [current]);
};
