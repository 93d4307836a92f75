import { limits } from '@cellsight/contract';
import { i18n } from '../lib/i18n';
import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';

type AntSortOrder = TableColumnType<unknown>['sortOrder'];

/** A list's sort as the list contract sends it (`column`, `order`). */
export interface ListSort<Column extends string> {
  column: Column;
  order: 'asc' | 'desc';
}

/** The antd sort indicator of a column, so "cleared" and the default sort both show correctly. */
export const sortOrderOf = <Column extends string>(sort: ListSort<Column> | null, column: Column): AntSortOrder =>
  sort?.column === column ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

/** What a list state gives a server table: where it stands, and how to move it (`useListState`). */
interface ListStateHandle<Column extends string> {
  state: { pageNo: number; pageSize: number };
  setPage: (pageNo: number, pageSize: number) => void;
  setSort: (sort: ListSort<Column> | null) => void;
}

interface ServerTableOptions<Column extends string> {
  sortable: readonly Column[];
  total: number;
  /** The sizes offered, when not the lists' own 10/20/30. */
  pageSizeOptions?: readonly number[];
}

/**
 * A table paged and sorted by the server (spec section 9): every sort or page change goes back to
 * the list state, which makes the next list query. Returns the table's `onChange` and `pagination`
 * (quick jumper, size changer, the total in the console's words).
 */
export function serverTable<Record, Column extends string>(list: ListStateHandle<Column>, options: ServerTableOptions<Column>): {
  onChange: NonNullable<TableProps<Record>['onChange']>;
  pagination: TablePaginationConfig;
} {
  const isSortable = (key: unknown): key is Column => (options.sortable as readonly unknown[]).includes(key);
  return {
    onChange: (pagination, _filters, sorter, extra) => {
      if (extra.action === 'sort') {
        const first = Array.isArray(sorter) ? sorter[0] : sorter;
        const column = first?.columnKey;
        list.setSort(first?.order && isSortable(column) ? { column, order: first.order === 'ascend' ? 'asc' : 'desc' } : null);
      } else if (extra.action === 'paginate') {
        list.setPage(pagination.current ?? 1, pagination.pageSize ?? list.state.pageSize);
      }
    },
    pagination: {
      current: list.state.pageNo,
      pageSize: list.state.pageSize,
      total: options.total,
      showQuickJumper: true,
      showSizeChanger: true,
      pageSizeOptions: (options.pageSizeOptions ?? limits.pageSizeOptions).map(String),
      showTotal: (total, [from, to]) => i18n.t('common:resource.total', { from, to, total }),
    },
  };
}
