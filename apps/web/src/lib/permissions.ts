import type { PermissionEntry, UserPermissions } from '@cellsight/contract';
import { useSyncExternalStore } from 'react';
import { session } from './session';

/**
 * Button permissions of the signed-in user (`auth`) and the system-wide list (`allAuth`) from
 * GET /sys/permission/getUserPermissionByToken. These checks only decide what to display: the
 * server enforces every permission itself.
 */
interface PermissionLists {
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
}

const empty: PermissionLists = { auth: [], allAuth: [] };
let lists: PermissionLists = empty;
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

export const setPermissions = (next: Pick<UserPermissions, 'auth' | 'allAuth'>): void => {
  lists = { auth: next.auth, allAuth: next.allAuth };
  changed();
};

export const clearPermissions = (): void => {
  if (lists === empty) return;
  lists = empty;
  changed();
};

// Signing out forgets the lists, so a later user never sees the previous user's buttons.
session.subscribe(() => {
  if (!session.token) clearPermissions();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Splits a comma-separated action list ("a,b" guards with either; entries may hold several). */
const splitActions = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

const actionsOf = (entries: PermissionEntry[]): Set<string> => new Set(entries.flatMap((entry) => splitActions(entry.action)));

/**
 * Whether an element guarded by `code` shows (spec section 6): it shows when one of its
 * comma-separated actions is in the user's own list. Type '2' entries are "disable" rules, not
 * grants, so they are ignored here. A rule switched off system-wide (status '0' in `allAuth`)
 * denies, as the server refuses it too.
 */
export const hasPermission = (code: string, from: PermissionLists = lists): boolean => {
  const wanted = splitActions(code);
  if (wanted.length === 0) return true;
  const own = actionsOf(from.auth.filter((entry) => entry.type !== '2' && entry.status !== '0'));
  const switchedOff = actionsOf(from.allAuth.filter((entry) => entry.type !== '2' && entry.status === '0'));
  return wanted.some((action) => own.has(action) && !switchedOff.has(action));
};

/** `hasPermission` as a hook that follows changes of the lists. */
export const useHasPermission = (code: string): boolean =>
  useSyncExternalStore(
    subscribe,
    () => hasPermission(code),
    () => false,
  );
