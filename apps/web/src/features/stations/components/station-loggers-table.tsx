import { type LoggerRecord, loggerResource } from '@cellsight/contract';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useFieldLabel } from '@/kit/resource-page';
import { formatDateTime } from '@/lib/format';
import { toListQuery, useListState } from '@/kit/list-state';
import { serverTable, sortOrderOf } from '@/kit/server-table';
import { useStationLoggers } from '../api/get-station-loggers';

const sortable = ['gsn', 'online', 'lastSeen'] as const;
type Sortable = (typeof sortable)[number];
const listConfig = { sortable, defaultSort: { column: 'gsn' as Sortable, order: 'asc' as const }, filters: [] as const };

/** The loggers bound to a station, paged by the server; the page and sort stay with the table, not the URL. */
export function StationLoggersTable({ station }: { station: { id: string; name: string } }) {
  const { t } = useTranslation('stations');
  const label = useFieldLabel(loggerResource);
  const list = useListState(listConfig, { inUrl: false });
  const loggers = useStationLoggers(station.id, toListQuery(list.state, []));
  const table = serverTable<LoggerRecord, Sortable>(list, { sortable, total: loggers.data?.total ?? 0 });
  const sorted = (column: Sortable) => ({ sorter: true, sortOrder: sortOrderOf(list.state.sort, column) });

  const columns: TableColumnsType<LoggerRecord> = [
    { key: 'gsn', dataIndex: 'gsn', title: label('gsn'), ...sorted('gsn') },
    { key: 'alias', dataIndex: 'alias', title: label('alias') },
    { key: 'online', title: label('online'), ...sorted('online'), render: (_value, { online }) => <Tag color={online ? 'success' : 'default'}>{online ? t('detail.online') : t('detail.offline')}</Tag> },
    { key: 'firmware', dataIndex: 'firmware', title: label('firmware') },
    { key: 'lastSeen', title: label('lastSeen'), ...sorted('lastSeen'), render: (_value, { lastSeen }) => formatDateTime(lastSeen) },
    { key: 'productCode', dataIndex: 'productCode', title: label('productCode') },
  ];

  return (
    <>
      {loggers.isError && <LoadErrorAlert error={loggers.error} onRetry={() => void loggers.refetch()} style={{ marginBottom: 16 }} />}
      <Table<LoggerRecord>
        rowKey="gsn"
        size="small"
        columns={columns}
        dataSource={loggers.data?.records ?? []}
        loading={loggers.isPending || loggers.isPlaceholderData}
        onChange={table.onChange}
        pagination={table.pagination}
        scroll={{ x: 'max-content' }}
        aria-label={t('detail.loggersOf', { name: station.name })}
        locale={{ emptyText: t('detail.loggersEmpty') }}
      />
    </>
  );
}
