import { type BatteryRecord, type CommandRecord, ServerCode, upgradeRefusals } from '@cellsight/contract';
import { Alert, Button, Descriptions, Flex, Form, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useServerFeedback } from '@/lib/server-feedback';
import { useFirmwareChoices } from '../api/get-firmware-choices';
import { useOperateDevice } from '../api/operate-device';
import { CommandProgress } from './command-progress';

/**
 * Remote upgrade of a battery's BMS: a version from the firmware library, a confirmation, then the
 * upgrade's progress as the logger reports it. The server refuses an offline battery and a second
 * upgrade within 5 minutes (spec sections 5 and 8); those refusals show in the console's language.
 */
export function RemoteUpgradeForm({ battery }: { battery: BatteryRecord }) {
  const { t } = useTranslation('batteries');
  const feedback = useServerFeedback();
  const choices = useFirmwareChoices('battery');
  const operate = useOperateDevice();
  const [firmwareId, setFirmwareId] = useState<string | undefined>();
  const [command, setCommand] = useState<CommandRecord | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = choices.data?.find((choice) => choice.id === firmwareId);

  const start = async () => {
    if (!firmwareId) return;
    setRefusal(null);
    try {
      setCommand(await operate.mutateAsync({ gsno: battery.loggerGsn, op: 'upgrade', batterySn: battery.batterySn, val: JSON.stringify({ firmwareId }) }));
    } catch (error) {
      if (error instanceof ApiError && error.message === upgradeRefusals.coolDown) setRefusal(t('upgrade.coolDown'));
      else if (error instanceof ApiError && error.code === ServerCode.DEVICE_OFFLINE) setRefusal(t('upgrade.offline'));
      else feedback.error(error);
    }
  };

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
      <Descriptions size="small" column={1} items={[{ key: 'current', label: t('upgrade.current'), children: battery.swVersion ?? '—' }]} />
      <Form layout="vertical" disabled={operate.isPending}>
        <Form.Item label={t('upgrade.version')} extra={chosen?.remark ?? undefined}>
          <Select
            aria-label={t('upgrade.version')}
            placeholder={t('upgrade.choose')}
            value={firmwareId}
            onChange={setFirmwareId}
            loading={choices.isPending}
            notFoundContent={t('upgrade.none')}
            style={{ width: 320 }}
            options={(choices.data ?? []).map((choice) => ({
              value: choice.id,
              label: `${choice.version} · ${formatDateTime(choice.createTime)}`,
              disabled: choice.version === battery.swVersion,
            }))}
          />
        </Form.Item>
        <Popconfirm
          title={t('upgrade.confirmTitle')}
          description={t('upgrade.confirm', { batterySn: battery.batterySn, version: chosen?.version ?? '' })}
          okText={t('upgrade.start')}
          onConfirm={() => void start()}
          disabled={!firmwareId}
        >
          <Button type="primary" disabled={!firmwareId} loading={operate.isPending}>
            {t('upgrade.start')}
          </Button>
        </Popconfirm>
      </Form>
      {refusal && <Alert type="warning" showIcon title={refusal} />}
      {command && <CommandProgress key={command.id} command={command} />}
    </Flex>
  );
}
