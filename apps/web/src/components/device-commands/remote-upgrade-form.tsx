import { type CommandRecord, ServerCode, upgradeRefusals } from '@cellsight/contract';
import { Alert, Button, Descriptions, Flex, Form, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useServerFeedback } from '@/lib/server-feedback';
import { CommandProgress } from './command-progress';
import { useFirmwareChoices } from './use-firmware-choices';
import { useOperateDevice } from './use-operate-device';

/** What is upgraded: a battery's BMS (with its serial number) or the logger itself. */
export interface UpgradeTarget {
  gsno: string;
  batterySn?: string;
  /** How the confirmation names it (the battery's or the logger's serial number). */
  name: string;
  currentVersion: string | null;
}

/**
 * Remote upgrade of a battery's BMS or of a logger: a version from the firmware library for that kind
 * of device, a confirmation, then the upgrade's progress as the logger reports it. The server refuses
 * an offline device and a second upgrade within 5 minutes (spec sections 5 and 8); those refusals
 * show in the console's language.
 */
export function RemoteUpgradeForm({ target }: { target: UpgradeTarget }) {
  const { t } = useTranslation('commands');
  const feedback = useServerFeedback();
  const context = target.batterySn ? 'battery' : 'logger';
  const choices = useFirmwareChoices(context);
  const operate = useOperateDevice();
  const [firmwareId, setFirmwareId] = useState<string | undefined>();
  const [command, setCommand] = useState<CommandRecord | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = choices.data?.find((choice) => choice.id === firmwareId);

  const start = async () => {
    if (!firmwareId) return;
    setRefusal(null);
    try {
      setCommand(await operate.mutateAsync({ gsno: target.gsno, op: 'upgrade', ...(target.batterySn ? { batterySn: target.batterySn } : {}), val: JSON.stringify({ firmwareId }) }));
    } catch (error) {
      if (error instanceof ApiError && error.message === upgradeRefusals.coolDown) setRefusal(t('upgrade.coolDown'));
      else if (error instanceof ApiError && error.message === upgradeRefusals.noPublicUrl) setRefusal(t('upgrade.noPublicUrl'));
      else if (error instanceof ApiError && error.code === ServerCode.DEVICE_OFFLINE) setRefusal(t('upgrade.offline', { context }));
      else feedback.error(error);
    }
  };

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
      <Descriptions size="small" column={1} items={[{ key: 'current', label: t('upgrade.current'), children: target.currentVersion ?? '—' }]} />
      <Form layout="vertical" disabled={operate.isPending}>
        <Form.Item label={t('upgrade.version')} extra={chosen?.remark ?? undefined}>
          <Select
            aria-label={t('upgrade.version')}
            placeholder={t('upgrade.choose')}
            value={firmwareId}
            onChange={setFirmwareId}
            loading={choices.isPending}
            notFoundContent={t('upgrade.none', { context })}
            style={{ width: 320 }}
            options={(choices.data ?? []).map((choice) => ({
              value: choice.id,
              label: `${choice.version} · ${formatDateTime(choice.createTime)}`,
              disabled: choice.version === target.currentVersion,
            }))}
          />
        </Form.Item>
        <Popconfirm
          title={t('upgrade.confirmTitle', { context })}
          description={t('upgrade.confirm', { context, name: target.name, version: chosen?.version ?? '' })}
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
