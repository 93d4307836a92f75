import { limits } from '@cellsight/contract';
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

interface ServerTableOptions<Column extends string> {
  sortable: readonly Column[];
  pageNo: number;
  pageSize: number;
  total: number;
  showTotal: (total: number, range: [number, number]) => string;
  onSortChange: (sort: ListSort<Column> | null) => void;
  onPageChange: (pageNo: number, pageSize: number) => void;
  /** The sizes offered, when not the lists' own 10/20/30. */
  pageSizeOptions?: readonly number[];
}

/**
 * A table paged and sorted by the server (spec section 9): every sort or page change goes back to
 * the page state, which makes the next list query. Returns the table's `onChange` and `pagination`.
 */
export function serverTable<Record, Column extends string>(options: ServerTableOptions<Column>): {
  onChange: NonNullable<TableProps<Record>['onChange']>;
  pagination: TablePaginationConfig;
} {
  const isSortable = (key: unknown): key is Column => (options.sortable as readonly unknown[]).includes(key);
  return {
    onChange: (pagination, _filters, sorter, extra) => {
      if (extra.action === 'sort') {
        const first = Array.isArray(sorter) ? sorter[0] : sorter;
        const column = first?.columnKey;
        options.onSortChange(first?.order && isSortable(column) ? { column, order: first.order === 'ascend' ? 'asc' : 'desc' } : null);
      } else if (extra.action === 'paginate') {
        options.onPageChange(pagination.current ?? 1, pagination.pageSize ?? options.pageSize);
      }
    },
    pagination: {
      current: options.pageNo,
      pageSize: options.pageSize,
      total: options.total,
      showQuickJumper: true,
      showSizeChanger: true,
      pageSizeOptions: (options.pageSizeOptions ?? limits.pageSizeOptions).map(String),
      showTotal: options.showTotal,
    },
  };
}
