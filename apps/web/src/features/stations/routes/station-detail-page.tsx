import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Permission, type StationRecord, mainStationPid } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageLoading } from '@/components/page-loading';
import { RecordNotFound } from '@/components/record-not-found';
import { ApiError } from '@/lib/api-client';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { stationQuery } from '../api/get-station';
import { stationRefreshMs } from '../api/station-keys';
import { AddSubStationButton } from '../components/add-sub-station-button';
import { StationBatteriesTable } from '../components/station-batteries-table';
import { StationFiguresPanel } from '../components/station-figures-panel';
import { StationInfo } from '../components/station-info';
import { StationLoggersTable } from '../components/station-loggers-table';
import { StationStatusTag } from '../components/station-status-tag';
import { SubStationTable } from '../components/sub-station-table';
import { stationPaths } from '../lib/station-paths';

/** No such record, or none of the user's: say so, with the way back to the list. */
function StationNotFound({ hint }: { hint: string }) {
  const { t } = useTranslation('stations');
  return <RecordNotFound title={t('detail.notFound')} hint={hint} backTo={stationPaths.list} backLabel={t('detail.backToList')} />;
}

/** A main station's sub-stations, with the way to add one while there is room (at most 10). */
function SubStationsCard({ station }: { station: StationRecord }) {
  const { t } = useTranslation('stations');
  const demo = useUserInfo()?.demo ?? false;
  const mayAdd = useHasPermission(Permission.StationAdd) && !demo;
  return (
    <Card title={t('detail.subStations')} extra={mayAdd && <AddSubStationButton station={station} icon={<PlusOutlined />} />}>
      <SubStationTable mainStation={station} />
    </Card>
  );
}

function StationView({ station }: { station: StationRecord }) {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  const demo = useUserInfo()?.demo ?? false;
  const mayEdit = useHasPermission(Permission.StationEdit) && !demo;
  // Loggers and batteries are read through the loggers' permission.
  const mayListDevices = useHasPermission(Permission.LoggerList);
  return (
    <Flex vertical gap="middle">
      <Card
        title={
          <Flex align="center" gap="small" wrap>
            <span>{station.name}</span>
            <StationStatusTag station={station} />
          </Flex>
        }
        extra={
          mayEdit && (
            <Button icon={<EditOutlined />} onClick={() => void navigate(stationPaths.edit(station.id))}>
              {t('actions.edit')}
            </Button>
          )
        }
      >
        <StationFiguresPanel station={station} />
      </Card>
      <Card title={t('detail.information')}>
        <StationInfo station={station} />
      </Card>
      {station.pid === mainStationPid && <SubStationsCard station={station} />}
      {mayListDevices && (
        <Card title={t('detail.loggers')}>
          <StationLoggersTable station={station} />
        </Card>
      )}
      {mayListDevices && (
        <Card title={t('detail.batteries')}>
          <StationBatteriesTable station={station} />
        </Card>
      )}
    </Flex>
  );
}

/**
 * One station (spec route stationmgr-detail, `?id=`): its latest figures, its fields, its
 * sub-stations, and its loggers and batteries; the figures and devices refresh while it is open.
 */
export default function StationDetailPage() {
  const { t } = useTranslation('stations');
  const id = useSearchParams()[0].get('id')?.trim() ?? '';
  const station = useQuery({ ...stationQuery(id), enabled: id !== '', refetchInterval: stationRefreshMs });

  if (id === '') return <StationNotFound hint={t('detail.noId')} />;
  if (station.isError && station.error instanceof ApiError && station.error.status === 404) return <StationNotFound hint={t('detail.notFoundHint')} />;
  if (station.data) return <StationView station={station.data} />;
  if (station.isError) return <LoadErrorAlert error={station.error} onRetry={() => void station.refetch()} />;
  return <PageLoading />;
}
