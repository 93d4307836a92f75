import { type StationRecord, stationResource } from '@cellsight/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useFieldLabel } from '@/kit/resource-page';
import { useSubStations } from '../api/get-sub-stations';
import { formatFigure, loggersOnlineText } from '../lib/station-figures';
import { StationNameLink } from './station-name-link';
import { StationRowActions } from './station-row-actions';
import { StationStatusTag } from './station-status-tag';

/** A main station's sub-stations (at most 10, one page) with their latest figures and row actions. */
export function SubStationTable({ mainStation }: { mainStation: Pick<StationRecord, 'id' | 'name'> }) {
  const { t } = useTranslation('stations');
  const label = useFieldLabel(stationResource);
  const subStations = useSubStations(mainStation.id);

  const columns: TableColumnsType<StationRecord> = [
    { key: 'name', title: label('name'), render: (_value, station) => <StationNameLink station={station} /> },
    { key: 'status', title: label('status'), render: (_value, station) => <StationStatusTag station={station} /> },
    ...(['power', 'socAvg', 'chargeToday', 'dischargeToday'] as const).map((figure) => ({ key: figure, title: label(figure), render: (_value: unknown, station: StationRecord) => formatFigure(station, figure) })),
    { key: 'loggers', title: t('list.loggers'), render: (_value, station) => loggersOnlineText(station) },
    { key: 'batteryCount', title: label('batteryCount'), dataIndex: 'batteryCount' },
    { key: 'actions', title: t('common:resource.actions'), render: (_value, station) => <StationRowActions station={station} /> },
  ];

  if (subStations.isError) return <LoadErrorAlert error={subStations.error} onRetry={() => void subStations.refetch()} />;
  return (
    <Table<StationRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={subStations.data?.records ?? []}
      loading={subStations.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
      aria-label={t('list.subStationsOf', { name: mainStation.name })}
      locale={{ emptyText: t('list.subStationsEmpty') }}
    />
  );
}
