import type { BatteryRecord } from '@cellsight/contract';
import { Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BatteryStatusTag, useBatteryTexts } from '@/components/battery';
import { formatDateTime, formatNumber } from '@/lib/format';
import { stationDetailPath } from '@/lib/console-paths';

/** Battery fields whose value is shown otherwise than as sent (the headings carry the units). */
export type FormattedField =
  | 'stationName'
  | 'state'
  | 'status'
  | 'soc'
  | 'soh'
  | 'voltage'
  | 'current'
  | 'power'
  | 'temperature'
  | 'chargeEnergyToday'
  | 'dischargeEnergyToday'
  | 'relayMain'
  | 'relayCharge'
  | 'relayDischarge'
  | 'role'
  | 'lastTs'
  | 'createTime';

/** How the battery list and the detail show each field: numbers at the platform's precision, states and roles in words, status in colour. */
export const useBatteryValue = (): ((battery: BatteryRecord, field: FormattedField) => ReactNode) => {
  const { t } = useTranslation('batteries');
  const texts = useBatteryTexts();
  const relay = (closed: boolean | null) => (closed === null ? '' : <Tag color={closed ? 'green' : 'default'}>{closed ? t('relay.on') : t('relay.off')}</Tag>);
  return (battery, field) => {
    switch (field) {
      case 'stationName':
        return battery.stationId ? <Link to={stationDetailPath(battery.stationId)}>{battery.stationName ?? battery.stationId}</Link> : t('noStation');
      case 'state':
        return texts.state(battery.state);
      case 'status':
        return <BatteryStatusTag status={battery.status} />;
      case 'soc':
        return battery.soc === null ? '' : <Progress percent={Math.round(battery.soc)} size="small" style={{ minWidth: 100 }} aria-label={t('socOf', { batterySn: battery.batterySn })} />;
      case 'soh':
        return formatNumber(battery.soh, 1);
      case 'voltage':
      case 'current':
        return formatNumber(battery[field], 2);
      case 'power':
      case 'temperature':
        return formatNumber(battery[field], 1);
      case 'chargeEnergyToday':
      case 'dischargeEnergyToday':
        return formatNumber(battery[field], 3);
      case 'relayMain':
      case 'relayCharge':
      case 'relayDischarge':
        return relay(battery[field]);
      case 'role':
        return texts.role(battery.role);
      case 'lastTs':
      case 'createTime':
        return formatDateTime(battery[field]);
    }
  };
};
