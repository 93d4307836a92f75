import type { BatteryChangeRecord } from '@cellsight/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<BatteryChangeRecord['source'], string> = { detected: 'blue', moved: 'purple', manual: 'gold' };

/** How the change became known: detected by the platform, a move between loggers (from which), or entered by hand. */
export function ChangeSourceTag({ change }: { change: Pick<BatteryChangeRecord, 'source' | 'source_dictText' | 'previousLoggerGsn'> }) {
  const { t } = useTranslation('battery-changes');
  return (
    <>
      <Tag color={colours[change.source]}>{change.source_dictText ?? change.source}</Tag>
      {change.source === 'moved' && change.previousLoggerGsn && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('list.movedFrom', { gsn: change.previousLoggerGsn })}
        </Typography.Text>
      )}
    </>
  );
}
