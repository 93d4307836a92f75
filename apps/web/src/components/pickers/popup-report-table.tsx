import type { ReportColumns, ReportQueryItem } from '@cellsight/contract';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table, type TableColumnType, type TableProps, Tooltip } from 'antd';
import { type Key, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchForm } from '@/kit/search-form';
import { type PageSizes, pickerPageSizes } from '@/kit/list-state';
import { type ReportSearch, useReportData, useReportQueryInfo } from './popup-report-api';

export type ReportRow = Record<string, unknown>;

/** A row's key: its `id` where the report has one, else its values (a report need not have a key column). */
export const reportRowKey = (row: ReportRow): string => (row.id !== undefined && row.id !== null ? String(row.id) : JSON.stringify(row));

/** Longest cell text in a picker before it is cut with an ellipsis (spec section 9: 12 in a picker table). */
const pickerEllipsis = 12;

const cellText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

interface PopupReportTableProps {
  report: ReportColumns;
  /** The checked rows' keys and the rows themselves (kept across pages). */
  selected: ReportRow[];
  onSelect: (rows: ReportRow[]) => void;
  /** Several rows may be kept; otherwise clicking a row keeps only the newest. */
  multi: boolean;
  /** Page sizes: the picker's 5 (5, 10, 20, 30), or the list's 10 in a preview. */
  pageSizes?: PageSizes;
  /** Cut long cell texts (the picker's table). */
  ellipsis?: boolean;
  /** Values the report's `${param}` placeholders take (`self_<name>`). */
  params?: ReportSearch;
  /** Told the search and sort in force (an export of what is shown). */
  onQueryChange?: (query: ReportSearch) => void;
}

/** What a search item sends: text contains the words (`*v*`), a range `<field>_begin` and `_end`, anything else the value. */
export const searchQueryOf = (items: readonly ReportQueryItem[], values: Record<string, unknown>): ReportSearch => {
  const query: ReportSearch = {};
  const put = (key: string, value: unknown) => {
    const text = cellText(value).trim();
    if (text !== '') query[key] = text;
  };
  for (const item of items) {
    if (item.mode === 'group') {
      put(`${item.field}_begin`, values[`${item.field}_begin`]);
      put(`${item.field}_end`, values[`${item.field}_end`]);
      continue;
    }
    const value = cellText(values[item.field]).trim();
    if (value === '') continue;
    query[item.field] = item.view === 'string' && !/[*!<>]/.test(value) ? `*${value}*` : value;
  }
  return query;
};

/**
 * An online report as a table (the popup report picker, spec sections 3 and 4; the report preview):
 * its search items (the first two shown, the rest behind "more"), server paging and sorting, dictionary
 * texts, and rows that toggle when clicked.
 */
export function PopupReportTable({ report, selected, onSelect, multi, pageSizes = pickerPageSizes, ellipsis = true, params = {}, onQueryChange }: PopupReportTableProps) {
  const { t } = useTranslation('popup-report');
  const [searchForm] = Form.useForm<Record<string, unknown>>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: pageSizes.initial });
  const [sort, setSort] = useState<{ column: string; order: 'asc' | 'desc' } | null>(null);
  const [search, setSearch] = useState<ReportSearch>({});
  const [expanded, setExpanded] = useState(false);
  // The preview and its picker show the same report at once: each search form needs its own field ids.
  const formName = `popup-report-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const queryInfo = useReportQueryInfo(report.cgRpConfigId);
  const items = queryInfo.data ?? [];
  const selfParams = useMemo(() => Object.fromEntries(Object.entries(params).map(([name, value]) => [`self_${name}`, value])), [params]);
  const query: ReportSearch = { ...selfParams, ...search, pageNo: String(page.pageNo), pageSize: String(page.pageSize), ...(sort ? { column: sort.column, order: sort.order } : {}) };
  const data = useReportData(report.cgRpConfigId, query);
  const searchAndSort = JSON.stringify({ ...selfParams, ...search, ...(sort ? { column: sort.column, order: sort.order } : {}) });
  useEffect(() => onQueryChange?.(JSON.parse(searchAndSort) as ReportSearch), [searchAndSort, onQueryChange]);
  const selectedKeys = selected.map(reportRowKey);

  const optionsOf = (item: ReportQueryItem) => (report.dictOptions[item.field] ?? []).map((option) => ({ value: option.value, label: option.text }));
  const textOf = (column: ReportColumns['columns'][number], value: unknown): string => {
    const options = column.customRender ? report.dictOptions[column.customRender] : undefined;
    const option = options?.find((one) => one.value === cellText(value));
    return option ? option.text : cellText(value);
  };

  const columns: TableColumnType<ReportRow>[] = report.columns.map((column) => ({
    key: column.dataIndex,
    dataIndex: column.dataIndex,
    title: column.title,
    align: column.align,
    sorter: column.sorter === 'true',
    sortOrder: sort?.column === column.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (value: unknown) => {
      const text = textOf(column, value);
      return ellipsis && text.length > pickerEllipsis ? (
        <Tooltip title={text}>
          <span aria-label={text}>{`${text.slice(0, pickerEllipsis)}…`}</span>
        </Tooltip>
      ) : (
        text
      );
    },
  }));

  /** Clicking a row toggles it; with one row allowed, the newest click is the one kept. */
  const toggle = (row: ReportRow) => {
    const key = reportRowKey(row);
    if (selectedKeys.includes(key)) onSelect(selected.filter((one) => reportRowKey(one) !== key));
    else onSelect(multi ? [...selected, row] : [row]);
  };

  const onChange: TableProps<ReportRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = one?.order ? String(one.columnKey ?? one.field) : null;
    const nextSort = column ? { column, order: one?.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : null;
    const sortChanged = JSON.stringify(nextSort) !== JSON.stringify(sort);
    setSort(nextSort);
    setPage({ pageNo: sortChanged ? 1 : (pagination.current ?? 1), pageSize: pagination.pageSize ?? page.pageSize });
  };

  const shownItems = items.filter((item) => expanded || item.hidden !== '1');
  const hasMore = items.some((item) => item.hidden === '1');

  return (
    <>
      {queryInfo.isError && <LoadErrorAlert error={queryInfo.error} onRetry={() => void queryInfo.refetch()} />}
      {items.length > 0 && (
        <SearchForm
          form={searchForm}
          name={formName}
          label={t('search')}
          onSearch={(values) => {
            setSearch(searchQueryOf(items, values));
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
          onReset={() => {
            setSearch({});
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
        >
          {shownItems.map((item) =>
            item.mode === 'group' ? (
              <Form.Item key={item.field} label={item.label}>
                <Space.Compact>
                  <Form.Item name={`${item.field}_begin`} noStyle>
                    <Input allowClear autoComplete="off" placeholder={t('from')} aria-label={`${item.label} ${t('from')}`} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={`${item.field}_end`} noStyle>
                    <Input allowClear autoComplete="off" placeholder={t('to')} aria-label={`${item.label} ${t('to')}`} style={{ width: 120 }} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            ) : (
              <Form.Item key={item.field} name={item.field} label={item.label}>
                {item.view === 'list' ? <Select allowClear options={optionsOf(item)} style={{ minWidth: 140 }} aria-label={item.label} /> : <Input allowClear autoComplete="off" />}
              </Form.Item>
            ),
          )}
          {hasMore && (
            <Button type="link" onClick={() => setExpanded((open) => !open)}>
              {expanded ? t('less') : t('more')} {expanded ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
        </SearchForm>
      )}
      {data.isError && <LoadErrorAlert error={data.error} onRetry={() => void data.refetch()} style={{ marginTop: 16 }} />}
      <Table<ReportRow>
        rowKey={reportRowKey}
        size="middle"
        style={{ marginTop: 16 }}
        columns={columns}
        dataSource={data.data?.records ?? []}
        loading={data.isFetching}
        onChange={onChange}
        onRow={(row) => ({ onClick: () => toggle(row), style: { cursor: 'pointer' } })}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          onChange: (_keys: Key[], rows: (ReportRow | undefined)[]) => {
            const known = new Map(selected.map((row) => [reportRowKey(row), row]));
            for (const row of rows) if (row) known.set(reportRowKey(row), row);
            onSelect(_keys.map((key) => known.get(String(key))).filter((row): row is ReportRow => row !== undefined));
          },
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data.data?.total ?? 0,
          pageSizeOptions: pageSizes.options.map(String),
          showSizeChanger: true,
          showTotal: (total) => t('total', { count: total }),
        }}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
