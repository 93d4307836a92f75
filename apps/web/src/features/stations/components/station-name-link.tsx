import { type StationRecord, mainStationPid } from '@cellsight/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { stationPaths } from '../lib/station-paths';

/** A station's name as the link to its page; a sub-station says it is one. */
export function StationNameLink({ station }: { station: Pick<StationRecord, 'id' | 'name' | 'pid'> }) {
  const { t } = useTranslation('stations');
  return (
    <>
      <Link to={stationPaths.detail(station.id)}>{station.name}</Link>
      {station.pid !== mainStationPid && (
        <Tag style={{ marginInlineStart: 8 }} variant="outlined">
          {t('list.subStation')}
        </Tag>
      )}
    </>
  );
}
