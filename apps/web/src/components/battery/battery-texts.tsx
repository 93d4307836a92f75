import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { batteryStatusColor } from '@/lib/battery-status';

/** A battery's status as a coloured tag in the console's language (spec section 4 device states). */
export function BatteryStatusTag({ status }: { status: string | null }) {
  const { t } = useTranslation('battery');
  return status ? <Tag color={batteryStatusColor(status)}>{t(`status.${status}`, { defaultValue: status })}</Tag> : null;
}

/** Texts of a battery's role (master, slave, idle) and state (charge, discharge, none, idle); an unknown value shows as sent. */
export const useBatteryTexts = () => {
  const { t } = useTranslation('battery');
  return {
    role: (role: string | null): string => (role ? t(`role.${role}`, { defaultValue: role }) : ''),
    state: (state: string | null): string => (state ? t(`state.${state}`, { defaultValue: state }) : ''),
    status: (status: string | null): string => (status ? t(`status.${status}`, { defaultValue: status }) : ''),
  };
};
