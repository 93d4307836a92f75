import { formatFilterValue, limits } from '@cellsight/contract';
import type { ListSort } from '@/lib/server-table';

/** Columns the Users table lets the user sort by. */
export const sortableUserColumns = ['username', 'realname', 'createTime'] as const;
export type SortableUserColumn = (typeof sortableUserColumns)[number];

export type UserListSort = ListSort<SortableUserColumn>;

/** What the search bar holds; empty strings mean "no filter". */
export interface UserListFilters {
  username?: string;
  realname?: string;
  phone?: string;
  sex?: string;
  status?: string;
}

export interface UserListState {
  pageNo: number;
  pageSize: number;
  /** null when the user cleared sorting: then no column/order is sent at all. */
  sort: UserListSort | null;
  filters: UserListFilters;
}

/** The wire query of GET /sys/user/list (the list contract of spec section 9). */
export type UserListQuery = Record<string, string | number>;

/** Default sort of every list: newest first (spec section 9). */
export const defaultUserSort: UserListSort = { column: 'createTime', order: 'desc' };

export const initialUserListState: UserListState = {
  pageNo: 1,
  pageSize: limits.pageSizeDefault,
  sort: defaultUserSort,
  filters: {},
};

/** Builds the query parameters: name fields match by "like" (`*x*`), the rest by equality. */
export const toUserListQuery = (state: UserListState): UserListQuery => {
  const query: UserListQuery = { pageNo: state.pageNo, pageSize: state.pageSize };
  if (state.sort) {
    query.column = state.sort.column;
    query.order = state.sort.order;
  }
  const { username, realname, phone, sex, status } = state.filters;
  const put = (key: string, value: string | undefined, like: boolean) => {
    const trimmed = value?.trim();
    if (trimmed) query[key] = like ? formatFilterValue('like', trimmed) : trimmed;
  };
  put('username', username, true);
  put('realname', realname, true);
  put('phone', phone, false);
  put('sex', sex, false);
  put('status', status, false);
  return query;
};
