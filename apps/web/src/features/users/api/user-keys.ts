import type { UserListQuery } from '../lib/user-list-query';

/** Query keys of the users feature; mutations invalidate through these, never by hand-written arrays. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  recycleBin: () => [...userKeys.all, 'recycle-bin'] as const,
  roles: () => [...userKeys.all, 'roles'] as const,
  userRoles: (userId: string) => [...userKeys.all, 'user-roles', userId] as const,
  departs: () => [...userKeys.all, 'departs'] as const,
  userDeparts: (userId: string) => [...userKeys.all, 'user-departs', userId] as const,
};
