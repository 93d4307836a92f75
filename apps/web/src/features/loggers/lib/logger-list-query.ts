import { limits } from '@cellsight/contract';
import type { ListSort } from '@/lib/server-table';

/** Columns the Loggers table lets the user sort by. */
export const sortableLoggerColumns = ['gsn', 'lastSeen', 'createTime'] as const;
export type SortableLoggerColumn = (typeof sortableLoggerColumns)[number];

export type LoggerListSort = ListSort<SortableLoggerColumn>;

/** What the search bar holds; undefined means "no filter". */
export interface LoggerListFilters {
  gsn?: string;
  online?: boolean;
}

export interface LoggerListState {
  pageNo: number;
  pageSize: number;
  sort: LoggerListSort | null;
  filters: LoggerListFilters;
}

/** The wire query of GET /want/logger/list (the list contract of spec section 9). */
export type LoggerListQuery = Record<string, string | number>;

export const initialLoggerListState: LoggerListState = {
  pageNo: 1,
  pageSize: limits.pageSizeDefault,
  sort: { column: 'createTime', order: 'desc' },
  filters: {},
};

/** The SN matches by "like" (`*x*`), the online state by equality. */
export const toLoggerListQuery = (state: LoggerListState): LoggerListQuery => {
  const query: LoggerListQuery = { pageNo: state.pageNo, pageSize: state.pageSize };
  if (state.sort) {
    query.column = state.sort.column;
    query.order = state.sort.order;
  }
  const gsn = state.filters.gsn?.trim();
  if (gsn) query.gsn = `*${gsn}*`;
  if (state.filters.online !== undefined) query.online = String(state.filters.online);
  return query;
};
