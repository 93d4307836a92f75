import { type StationRecord, limits } from '@cellsight/contract';
import { Button, type ButtonProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasRoomForSubStation } from '../lib/station-figures';
import { stationPaths } from '../lib/station-paths';

/**
 * Opens the wizard for a sub-station of a main station; disabled, saying why, once it has 10.
 * (The disabled button sits in a span: a disabled button does not tell the tooltip it is hovered.)
 */
export function AddSubStationButton({ station, ...props }: { station: Pick<StationRecord, 'id' | 'subStationCount'> } & Omit<ButtonProps, 'onClick' | 'disabled'>) {
  const { t } = useTranslation('stations');
  const navigate = useNavigate();
  const full = !hasRoomForSubStation(station);
  const button = (
    <Button {...props} disabled={full} onClick={() => void navigate(stationPaths.addSubStation(station.id))}>
      {t('actions.addSubStation')}
    </Button>
  );
  if (!full) return button;
  return (
    <Tooltip title={t('actions.subStationLimit', { max: limits.subStationsMax })}>
      <span style={{ display: 'inline-block' }}>{button}</span>
    </Tooltip>
  );
}
