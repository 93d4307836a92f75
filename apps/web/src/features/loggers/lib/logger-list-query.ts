import type { ListState, ListStateConfig } from '@/lib/list-state';
import type { ListSort } from '@/lib/server-table';

/** Columns the Loggers table lets the user sort by. */
export const sortableLoggerColumns = ['gsn', 'lastSeen', 'createTime'] as const;
export type SortableLoggerColumn = (typeof sortableLoggerColumns)[number];

export type LoggerListSort = ListSort<SortableLoggerColumn>;

const loggerFilters = ['gsn', 'online'] as const;

/** What the search bar holds: part of the SN, and `online` as 'true' or 'false'; missing means "no filter". */
export type LoggerListFilters = Partial<Record<(typeof loggerFilters)[number], string>>;

export type LoggerListState = ListState<SortableLoggerColumn, (typeof loggerFilters)[number]>;

/** The wire query of GET /want/logger/list (the list contract of spec section 9). */
export type LoggerListQuery = Record<string, string | number>;

export const loggerListConfig: ListStateConfig<SortableLoggerColumn, (typeof loggerFilters)[number]> = {
  sortable: sortableLoggerColumns,
  defaultSort: { column: 'createTime', order: 'desc' },
  filters: loggerFilters,
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
  if (state.filters.online === 'true' || state.filters.online === 'false') query.online = state.filters.online;
  return query;
};
