import type { StationRecord } from '@cellsight/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stationStatusColor, stationStatusKey } from '../lib/station-status';

/** A station's status as a coloured tag: the dictionary's text from the server, else the console's own. */
export function StationStatusTag({ station }: { station: Pick<StationRecord, 'status' | 'status_dictText'> }) {
  const { t } = useTranslation('stations');
  const key = stationStatusKey(station.status);
  const text = station.status_dictText ?? (key ? t(`status.${key}`) : String(station.status));
  return <Tag color={stationStatusColor(station.status)}>{text}</Tag>;
}
