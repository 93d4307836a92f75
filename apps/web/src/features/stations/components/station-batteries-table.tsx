import type { BatteryRecord } from '@cellsight/contract';
import { Progress, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { batteryStatusColor } from '@/lib/battery-status';
import { batteryDetailPath } from '@/lib/console-paths';
import { formatDateTime } from '@/lib/format';
import { toListQuery, useListState } from '@/kit/list-state';
import { serverTable, sortOrderOf } from '@/kit/server-table';
import { useStationBatteries } from '../api/get-station-batteries';

const sortable = ['batterySn', 'loggerGsn', 'status', 'soc', 'lastTs'] as const;
type Sortable = (typeof sortable)[number];
const listConfig = { sortable, defaultSort: { column: 'batterySn' as Sortable, order: 'asc' as const }, filters: [] as const };

/** The batteries of a station's loggers with their latest reading, paged by the server. */
export function StationBatteriesTable({ station }: { station: { id: string; name: string } }) {
  const { t } = useTranslation('stations');
  const list = useListState(listConfig, { inUrl: false });
  const batteries = useStationBatteries(station.id, toListQuery(list.state, []));
  const table = serverTable<BatteryRecord, Sortable>(list, { sortable, total: batteries.data?.total ?? 0 });
  const sorted = (column: Sortable) => ({ sorter: true, sortOrder: sortOrderOf(list.state.sort, column) });

  const columns: TableColumnsType<BatteryRecord> = [
    { key: 'batterySn', title: t('detail.battery.batterySn'), ...sorted('batterySn'), render: (_value, { batterySn }) => <Link to={batteryDetailPath(batterySn)}>{batterySn}</Link> },
    { key: 'loggerGsn', dataIndex: 'loggerGsn', title: t('detail.battery.loggerGsn'), ...sorted('loggerGsn') },
    { key: 'state', title: t('detail.battery.state'), render: (_value, { state }) => (state ? t(`detail.batteryState.${state}`, { defaultValue: state }) : '') },
    {
      key: 'status',
      title: t('detail.battery.status'),
      ...sorted('status'),
      render: (_value, { status }) => (status ? <Tag color={batteryStatusColor(status)}>{t(`detail.batteryStatus.${status}`, { defaultValue: status })}</Tag> : ''),
    },
    {
      key: 'soc',
      title: t('detail.battery.soc'),
      ...sorted('soc'),
      render: (_value, { soc }) => (soc === null ? '' : <Progress percent={Math.round(soc)} size="small" style={{ minWidth: 100 }} aria-label={t('detail.battery.soc')} />),
    },
    { key: 'lastTs', title: t('detail.battery.lastTs'), ...sorted('lastTs'), render: (_value, { lastTs }) => formatDateTime(lastTs) },
  ];

  return (
    <>
      {batteries.isError && <LoadErrorAlert error={batteries.error} onRetry={() => void batteries.refetch()} style={{ marginBottom: 16 }} />}
      <Table<BatteryRecord>
        rowKey="batterySn"
        size="small"
        columns={columns}
        dataSource={batteries.data?.records ?? []}
        loading={batteries.isPending || batteries.isPlaceholderData}
        onChange={table.onChange}
        pagination={table.pagination}
        scroll={{ x: 'max-content' }}
        aria-label={t('detail.batteriesOf', { name: station.name })}
        locale={{ emptyText: t('detail.batteriesEmpty') }}
      />
    </>
  );
}
