import { stationResource } from '@cellsight/contract';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AreaText } from '@/components/pickers/area-linkage';
import { ResourcePage } from '@/kit/resource-page';
import type { SearchField } from '@/kit/list-state';
import { StationNameLink } from '../components/station-name-link';
import { stationPaths } from '../lib/station-paths';

const search: readonly SearchField[] = [{ field: 'keyWord' }];

/**
 * Station management (spec route stationmgr-index): every station the user may see, main and
 * sub-stations alike, with its customer, contact, owner, installer, distributor and inverters, on
 * the screen kit. Each opens to its station page.
 */
export default function StationManagerPage() {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();

  return (
    <ResourcePage
      resource={stationResource}
      title={t('manager.title')}
      columns={[
        { field: 'name', render: (station) => <StationNameLink station={station} /> },
        'customer',
        'phone',
        'email',
        { field: 'region', render: (station) => <AreaText value={station.region} /> },
        'ownerName',
        'installerName',
        'distributorName',
        'inverterBrand',
        'inverterModel',
        'inverterQuantity',
        'address',
        'createTime',
      ]}
      search={search}
      searchInputs={{ keyWord: <Input allowClear autoComplete="off" placeholder={t('list.keyWordPlaceholder')} style={{ minWidth: 280 }} /> }}
      rowActions={(station) => (
        <Button type="link" size="small" aria-label={t('actions.manageOf', { name: station.name })} onClick={() => void navigate(stationPaths.detail(station.id))}>
          {t('actions.manage')}
        </Button>
      )}
    />
  );
}
