import { type QueryRule, formatFilterValue, limits } from '@cellsight/contract';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListSort } from './server-table';

/** What a list screen shows: page, page size, sort (null when cleared) and the search bar's filters. */
export interface ListState<Column extends string, Filter extends string> {
  pageNo: number;
  pageSize: number;
  sort: ListSort<Column> | null;
  filters: Partial<Record<Filter, string>>;
}

export interface ListStateConfig<Column extends string, Filter extends string> {
  sortable: readonly Column[];
  defaultSort: ListSort<Column>;
  filters: readonly Filter[];
  /** Page sizes other than the lists' own (a picker's table: 5 of 5/10/20/30). */
  pageSizes?: PageSizes;
}

/** A table's page size and the sizes it offers. */
export interface PageSizes {
  initial: number;
  options: readonly number[];
}
const listPageSizes: PageSizes = { initial: limits.pageSizeDefault, options: limits.pageSizeOptions };
export const pickerPageSizes: PageSizes = { initial: limits.pickerPageSize, options: limits.pickerPageSizeOptions };

/** Reads the state from the URL's search parameters; anything missing or not allowed is the default. */
export function readListState<Column extends string, Filter extends string>(params: URLSearchParams, config: ListStateConfig<Column, Filter>): ListState<Column, Filter> {
  const pageNo = Number(params.get('pageNo'));
  const pageSize = Number(params.get('pageSize'));
  const column = params.get('column');
  const order = params.get('order');
  const { initial, options } = config.pageSizes ?? listPageSizes;
  const sort: ListSort<Column> | null =
    order === 'none'
      ? null
      : column !== null && (config.sortable as readonly string[]).includes(column) && (order === 'asc' || order === 'desc')
        ? { column: column as Column, order }
        : config.defaultSort;
  const filters: Partial<Record<Filter, string>> = {};
  for (const key of config.filters) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    pageNo: Number.isInteger(pageNo) && pageNo >= 1 ? pageNo : 1,
    pageSize: options.includes(pageSize) ? pageSize : initial,
    sort,
    filters,
  };
}

/** Writes the state as search parameters, leaving out what is the default, so links stay short. */
export function writeListState<Column extends string, Filter extends string>(state: ListState<Column, Filter>, config: ListStateConfig<Column, Filter>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.pageNo !== 1) params.set('pageNo', String(state.pageNo));
  if (state.pageSize !== (config.pageSizes ?? listPageSizes).initial) params.set('pageSize', String(state.pageSize));
  if (state.sort === null) params.set('order', 'none');
  else if (state.sort.column !== config.defaultSort.column || state.sort.order !== config.defaultSort.order) {
    params.set('column', state.sort.column);
    params.set('order', state.sort.order);
  }
  for (const key of config.filters) {
    const value = state.filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/**
 * A list screen's state, kept in the URL: a copied link reproduces the view and the browser's Back
 * button returns to the previous one. Searching or sorting goes back to page 1. A list inside a
 * dialog or drawer (`inUrl: false`) keeps the same state in memory instead.
 */
export function useListState<Column extends string, Filter extends string>(config: ListStateConfig<Column, Filter>, { inUrl = true }: { inUrl?: boolean } = {}) {
  const [urlParams, setUrlParams] = useSearchParams();
  const [memoryParams, setMemoryParams] = useState(() => new URLSearchParams());
  const params = inUrl ? urlParams : memoryParams;
  const setParams = inUrl ? setUrlParams : setMemoryParams;
  // The config is a module constant of each screen; the URL is the only input that changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const state = useMemo(() => readListState(params, config), [params]);
  const actions = useMemo(() => {
    const update = (change: Partial<ListState<Column, Filter>>) => setParams(writeListState({ ...state, ...change }, config));
    return {
      setPage: (pageNo: number, pageSize: number) => update({ pageNo, pageSize }),
      setSort: (sort: ListSort<Column> | null) => update({ sort, pageNo: 1 }),
      search: (filters: Partial<Record<Filter, string>>) => update({ filters, pageNo: 1 }),
      reset: () => update({ filters: {}, pageNo: 1 }),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the config is a module constant
  }, [state, setParams]);
  return { state, ...actions };
}

/** A search field of a list: the wire filter it fills and the rule its input applies (default eq). */
export interface SearchField<Filter extends string = string> {
  field: Filter;
  rule?: QueryRule;
  /**
   * A range, kept as `<field>_begin` and `<field>_end`: of a date column two days, each whole in the
   * browser's time zone; of a number column ('number') two numbers, both ends included.
   */
  range?: true | 'number';
}

/** The filters a search field keeps in the list state: its own, or the two ends of its range. */
export const searchFilterNames = ({ field, range }: SearchField): string[] => (range ? [`${field}_begin`, `${field}_end`] : [field]);

/** A search bar's value: a text, or a range's [first day, last day]. */
export type SearchValue = string | readonly (string | null | undefined)[] | null | undefined;

/** The search bar's values for the filters in force (a range as its two days). */
export function searchFormValues(filters: Partial<Record<string, string>>, searchFields: readonly SearchField[]): Record<string, SearchValue> {
  const values: Record<string, SearchValue> = {};
  for (const field of searchFields) {
    const names = searchFilterNames(field);
    if (names.some((name) => filters[name])) values[field.field] = field.range ? names.map((name) => filters[name] ?? null) : filters[field.field];
  }
  return values;
}

/** The filters of the search bar's values (a range split into its two ends). */
export function searchFormFilters(values: Record<string, SearchValue>, searchFields: readonly SearchField[]): Record<string, string | undefined> {
  const filters: Record<string, string | undefined> = {};
  for (const field of searchFields) {
    const value = values[field.field];
    searchFilterNames(field).forEach((name, index) => {
      const part = Array.isArray(value) ? value[index] : value;
      filters[name] = typeof part === 'string' ? part : undefined;
    });
  }
  return filters;
}

/** A range end as the server reads it: the start or the end of that day in the browser's time zone, with its offset. */
const dayBound = (day: string, end: boolean): string => {
  const parsed = dayjs(day);
  return parsed.isValid() ? (end ? parsed.endOf('day') : parsed.startOf('day')).format('YYYY-MM-DDTHH:mm:ss.SSSZ') : day;
};

/** The list query of a state: page, sort, each search input with its rule, and the advanced query as given. */
export function toListQuery<Column extends string, Filter extends string>(state: ListState<Column, Filter>, searchFields: readonly SearchField<Filter>[]): Record<string, string | number> {
  const query: Record<string, string | number> = { pageNo: state.pageNo, pageSize: state.pageSize };
  if (state.sort) {
    query.column = state.sort.column;
    query.order = state.sort.order;
  }
  for (const { field, rule = 'eq', range } of searchFields) {
    if (range) {
      for (const [name, end] of [[`${field}_begin`, false], [`${field}_end`, true]] as const) {
        const day = (state.filters as Record<string, string | undefined>)[name]?.trim();
        if (day) query[name] = range === 'number' ? day : dayBound(day, end);
      }
      continue;
    }
    const value = state.filters[field]?.trim();
    if (value) query[field] = formatFilterValue(rule, value);
  }
  for (const key of advancedQueryParams) {
    const value = (state.filters as Record<string, string | undefined>)[key];
    if (value) query[key] = value;
  }
  return query;
}

/** The advanced query's parameters, kept in the URL beside the search fields. */
export const advancedQueryParams = ['superQueryParams', 'superQueryMatchType'] as const;
