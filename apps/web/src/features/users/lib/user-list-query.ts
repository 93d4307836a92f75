import { formatFilterValue } from '@cellsight/contract';
import type { ListState, ListStateConfig } from '@/lib/list-state';
import type { ListSort } from '@/lib/server-table';

/** Columns the Users table lets the user sort by. */
export const sortableUserColumns = ['username', 'realname', 'createTime'] as const;
export type SortableUserColumn = (typeof sortableUserColumns)[number];

export type UserListSort = ListSort<SortableUserColumn>;

const userFilters = ['username', 'realname', 'phone', 'sex', 'status'] as const;

/** What the search bar holds; empty strings mean "no filter". */
export type UserListFilters = Partial<Record<(typeof userFilters)[number], string>>;

/** Page, size, sort (null when cleared: then no column/order is sent) and filters, kept in the URL. */
export type UserListState = ListState<SortableUserColumn, (typeof userFilters)[number]>;

/** The wire query of GET /sys/user/list (the list contract of spec section 9). */
export type UserListQuery = Record<string, string | number>;

/** Default sort of every list: newest first (spec section 9). */
export const defaultUserSort: UserListSort = { column: 'createTime', order: 'desc' };

export const userListConfig: ListStateConfig<SortableUserColumn, (typeof userFilters)[number]> = { sortable: sortableUserColumns, defaultSort: defaultUserSort, filters: userFilters };

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
