import { PlusOutlined } from '@ant-design/icons';
import { Permission, type StationRecord, stationResource } from '@cellsight/contract';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ResourcePage } from '@/kit/resource-page';
import type { SearchField } from '@/kit/list-state';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { StationNameLink } from '../components/station-name-link';
import { StationRowActions } from '../components/station-row-actions';
import { StationStatusTag } from '../components/station-status-tag';
import { SubStationTable } from '../components/sub-station-table';
import { formatFigure, loggersOnlineText } from '../lib/station-figures';
import { stationListScope } from '../lib/station-list-scope';
import { stationPaths } from '../lib/station-paths';
import { stationRefreshMs } from '../api/station-keys';

const search: readonly SearchField[] = [{ field: 'keyWord' }, { field: 'status' }];

/**
 * The station list (spec route site-index, "station manager"; the landing page), on the screen
 * kit: each station's status, power, SOC, today's energies and devices, worst status first. While
 * browsing it lists main stations, each opening to its sub-stations; while searching it lists every
 * matching station, so a sub-station (or a logger or battery on one) is found as well.
 */
export default function StationListPage() {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const demo = useUserInfo()?.demo ?? false;
  // Display only: the server refuses creating without the permission and for demo accounts.
  const mayCreate = useHasPermission(Permission.StationAdd) && !demo;
  const figure = (field: 'power' | 'socAvg' | 'chargeToday' | 'dischargeToday') => ({ field, render: (station: StationRecord) => formatFigure(station, field) });

  return (
    <ResourcePage
      resource={stationResource}
      title={t('list.title')}
      columns={[
        { field: 'name', render: (station) => <StationNameLink station={station} /> },
        'ownerName',
        { field: 'status', render: (station) => <StationStatusTag station={station} /> },
        figure('power'),
        figure('socAvg'),
        figure('chargeToday'),
        figure('dischargeToday'),
        { field: 'loggersOnline', title: t('list.loggers'), render: loggersOnlineText },
        'batteryCount',
      ]}
      search={search}
      searchInputs={{ keyWord: <Input allowClear autoComplete="off" placeholder={t('list.keyWordPlaceholder')} style={{ minWidth: 280 }} /> }}
      fixedQuery={stationListScope(params)}
      // Power, SOC and today's energy move with every report; state changes arrive as events.
      refreshMs={stationRefreshMs}
      expandable={{ expandedRowRender: (station) => <SubStationTable mainStation={station} />, rowExpandable: (station) => station.subStationCount > 0 }}
      rowActions={(station) => <StationRowActions station={station} />}
      toolbar={
        mayCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(stationPaths.add)}>
            {t('list.create')}
          </Button>
        )
      }
    />
  );
}
