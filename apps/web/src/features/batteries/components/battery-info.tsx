import { type BatteryRecord, Permission, batteryResource } from '@cellsight/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useFieldLabel } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { BatteryAlias } from './battery-alias';
import { type FormattedField, useBatteryValue } from './battery-values';

/** Every field of a battery (spec section 3) in the contract's order, as sent. */
const plain = ['batterySn', 'bmsSn', 'bmuSn', 'loggerGsn', 'cycles', 'hwVersion', 'swVersion', 'workMode'] as const;
const formatted: readonly FormattedField[] = ['stationName', 'role', 'state', 'status', 'soc', 'soh', 'voltage', 'current', 'power', 'temperature', 'chargeEnergyToday', 'dischargeEnergyToday', 'relayMain', 'relayCharge', 'relayDischarge', 'lastTs', 'createTime'];

/** The battery detail's info tab: every field, and the alias edited in place where the user may. */
export function BatteryInfo({ battery }: { battery: BatteryRecord }) {
  const label = useFieldLabel(batteryResource);
  const value = useBatteryValue();
  const demo = useUserInfo()?.demo ?? false;
  const mayEdit = useHasPermission(Permission.BatteryEdit) && !demo;
  const items: DescriptionsProps['items'] = [
    ...plain.slice(0, 4).map((field) => ({ key: field, label: label(field), children: battery[field] })),
    { key: 'alias', label: label('alias'), children: <BatteryAlias batterySn={battery.batterySn} alias={battery.alias} editable={mayEdit} /> },
    ...formatted.map((field) => ({ key: field, label: label(field), children: value(battery, field) })),
    ...plain.slice(4).map((field) => ({ key: field, label: label(field), children: battery[field] })),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={items} />;
}
