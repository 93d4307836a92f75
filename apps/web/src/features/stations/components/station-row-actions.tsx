import { Permission, type StationRecord, mainStationPid } from '@cellsight/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { stationPaths } from '../lib/station-paths';
import { AddSubStationButton } from './add-sub-station-button';

/**
 * The actions of one station row beside the kit's delete: edit (its own page), add a sub-station
 * (main stations only), manage. Display only: the server checks the permissions and refuses the
 * demo account's writes itself.
 */
export function StationRowActions({ station }: { station: StationRecord }) {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  const demo = useUserInfo()?.demo ?? false;
  const mayEdit = useHasPermission(Permission.StationEdit) && !demo;
  const mayAdd = useHasPermission(Permission.StationAdd) && !demo;
  const { name } = station;

  return (
    <>
      {mayEdit && (
        <Button type="link" size="small" aria-label={t('actions.editOf', { name })} onClick={() => void navigate(stationPaths.edit(station.id))}>
          {t('actions.edit')}
        </Button>
      )}
      {mayAdd && station.pid === mainStationPid && <AddSubStationButton station={station} type="link" size="small" aria-label={t('actions.addSubStationTo', { name })} />}
      <Button type="link" size="small" aria-label={t('actions.manageOf', { name })} onClick={() => void navigate(stationPaths.detail(station.id))}>
        {t('actions.manage')}
      </Button>
    </>
  );
}
