import { type BatteryRecord, Permission } from '@cellsight/contract';
import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BatteryCellsPanel, BatteryStatusTag } from '@/components/battery';
import { RemoteUpgradeForm } from '@/components/device-commands';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageLoading } from '@/components/page-loading';
import { RecordNotFound } from '@/components/record-not-found';
import { ApiError } from '@/lib/api-client';
import { batteryChangesPath, batteryHistoryPath } from '@/lib/console-paths';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { useBattery } from '../api/get-battery';
import { BatteryInfo } from '../components/battery-info';
import { DeviceActions } from '../components/device-actions';
import { RemoteSettingsForm } from '../components/remote-settings-form';
import { batteryPaths } from '../lib/battery-paths';

/** No such record, or none of the user's: say so, with the way back to the list. */
function BatteryNotFound({ hint }: { hint: string }) {
  const { t } = useTranslation('batteries');
  return <RecordNotFound title={t('detail.notFound')} hint={hint} backTo={batteryPaths.list} backLabel={t('detail.backToList')} />;
}

function BatteryView({ battery }: { battery: BatteryRecord }) {
  const { t } = useTranslation('batteries');
  const demo = useUserInfo()?.demo ?? false;
  // Remote setting only with its permission, never for a demo account (the server refuses both anyway).
  const maySet = useHasPermission(Permission.CommandSettings) && !demo;
  const mayUpgrade = useHasPermission(Permission.CommandUpgrade) && !demo;
  const mayReadChanges = useHasPermission(Permission.BatteryChangeList);
  const tabs = [
    { key: 'info', label: t('detail.info'), children: <BatteryInfo battery={battery} /> },
    ...(maySet ? [{ key: 'settings', label: t('detail.settings'), children: <RemoteSettingsForm battery={battery} /> }] : []),
    ...(mayUpgrade ? [{ key: 'upgrade', label: t('detail.upgrade'), children: <RemoteUpgradeForm target={{ gsno: battery.loggerGsn, batterySn: battery.batterySn, name: battery.batterySn, currentVersion: battery.swVersion }} /> }] : []),
    { key: 'cells', label: t('detail.cells'), children: <BatteryCellsPanel batterySn={battery.batterySn} /> },
  ];
  return (
    <Card
      title={
        <Flex align="center" gap="small" wrap>
          <span>{battery.alias ? `${battery.alias} (${battery.batterySn})` : battery.batterySn}</span>
          <BatteryStatusTag status={battery.status} />
          <Typography.Text type="secondary">{t('detail.onLogger', { gsn: battery.loggerGsn })}</Typography.Text>
          {/* The history needs what this page needs (battery-index); the change records their own permission. */}
          <Link to={batteryHistoryPath(battery.batterySn)}>{t('detail.historyLink')}</Link>
          {mayReadChanges && <Link to={batteryChangesPath(battery.batterySn)}>{t('detail.changesLink')}</Link>}
        </Flex>
      }
      extra={<DeviceActions battery={battery} />}
    >
      <Tabs items={tabs} destroyOnHidden />
    </Card>
  );
}

/**
 * One battery (spec route /battery/detail, `?batterySn=`): its fields and alias, remote setting
 * (EOD, SOC bounds, work mode), remote upgrade, its cells with the day's heat map, restart and
 * shutdown, each command's progress live; links to its history and its change records.
 */
export default function BatteryDetailPage() {
  const { t } = useTranslation('batteries');
  const batterySn = useSearchParams()[0].get('batterySn')?.trim() ?? '';
  const battery = useBattery(batterySn);

  if (batterySn === '') return <BatteryNotFound hint={t('detail.noSn')} />;
  if (battery.isError && battery.error instanceof ApiError && battery.error.status === 404) return <BatteryNotFound hint={t('detail.notFoundHint', { batterySn })} />;
  if (battery.data) return <BatteryView battery={battery.data} />;
  if (battery.isError) return <LoadErrorAlert error={battery.error} onRetry={() => void battery.refetch()} />;
  return <PageLoading />;
}
