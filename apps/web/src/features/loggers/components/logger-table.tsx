import type { LoggerRecord, Page } from '@cellsight/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { serverTable, sortOrderOf as indicator } from '@/lib/server-table';
import { formatNumber } from '../lib/battery-format';
import { type LoggerListSort, type LoggerListState, type SortableLoggerColumn, sortableLoggerColumns } from '../lib/logger-list-query';
import { BatteryTable } from './battery-table';
import { OnlineTag } from './online-tag';

interface LoggerTableProps {
  page: Page<LoggerRecord> | undefined;
  loading: boolean;
  state: LoggerListState;
  onPageChange: (pageNo: number, pageSize: number) => void;
  onSortChange: (sort: LoggerListSort | null) => void;
}

const location = (logger: LoggerRecord): string => (logger.lat === null || logger.lon === null ? '' : `${logger.lat.toFixed(5)}, ${logger.lon.toFixed(5)}`);

/** The Loggers table: server-side paging and sorting; a row opens to show its batteries. */
export function LoggerTable({ page, loading, state, onPageChange, onSortChange }: LoggerTableProps) {
  const { t } = useTranslation('loggers');
  const sortOrderOf = (column: SortableLoggerColumn) => indicator(state.sort, column);

  const columns: TableColumnsType<LoggerRecord> = [
    { title: t('fields.gsn'), dataIndex: 'gsn', key: 'gsn', sorter: true, sortOrder: sortOrderOf('gsn') },
    { title: t('fields.alias'), dataIndex: 'alias', key: 'alias' },
    { title: t('fields.online'), dataIndex: 'online', key: 'online', render: (_value, record) => <OnlineTag online={record.online} since={record.onlineChangedAt} /> },
    { title: t('fields.batteryCount'), dataIndex: 'batteryCount', key: 'batteryCount' },
    { title: t('fields.signal'), dataIndex: 'signal', key: 'signal', render: (value: number | null) => formatNumber(value, 0, value !== null && value < 0 ? ' dBm' : ' %') },
    { title: t('fields.firmware'), dataIndex: 'firmware', key: 'firmware' },
    { title: t('fields.deviceType'), dataIndex: 'deviceType', key: 'deviceType' },
    { title: t('fields.brand'), dataIndex: 'brand', key: 'brand' },
    { title: t('fields.lastIp'), dataIndex: 'lastIp', key: 'lastIp' },
    { title: t('fields.location'), key: 'location', render: (_value, record) => location(record) },
    { title: t('fields.timezone'), dataIndex: 'timezone', key: 'timezone' },
    {
      title: t('fields.lastSeen'),
      dataIndex: 'lastSeen',
      key: 'lastSeen',
      sorter: true,
      sortOrder: sortOrderOf('lastSeen'),
      render: (value: string | null) => formatDateTime(value),
      onCell: () => ({ style: { minWidth: 135, whiteSpace: 'nowrap' } }),
    },
    {
      title: t('fields.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      sortOrder: sortOrderOf('createTime'),
      render: (value: string) => formatDateTime(value),
      onCell: () => ({ style: { minWidth: 135, whiteSpace: 'nowrap' } }),
    },
  ];

  const table = serverTable<LoggerRecord, SortableLoggerColumn>({
    sortable: sortableLoggerColumns,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    total: page?.total ?? 0,
    showTotal: (total, [from, to]) => t('table.total', { from, to, total }),
    onSortChange,
    onPageChange,
  });

  return (
    <Table<LoggerRecord>
      rowKey="gsn"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      onChange={table.onChange}
      scroll={{ x: 'max-content' }}
      expandable={{
        expandedRowRender: (record) => <BatteryTable gsn={record.gsn} />,
        rowExpandable: (record) => record.batteryCount > 0,
      }}
      pagination={table.pagination}
      locale={{ emptyText: t('table.empty') }}
    />
  );
}
