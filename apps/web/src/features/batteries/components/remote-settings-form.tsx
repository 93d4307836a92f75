import { type BatteryRecord, type CommandRecord, remoteSettingLimits, remoteSettingsSchema } from '@cellsight/contract';
import { Alert, Button, Flex, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { CommandProgress, useOperateDevice } from '@/components/device-commands';

interface SettingsValues {
  eod?: number | null;
  socMax?: number | null;
  socMin?: number | null;
  workMode?: string;
}

const fields = remoteSettingsSchema.shape;

/**
 * Remote setting of one battery: EOD (44 to 50), highest and lowest SOC, work mode. Only the values
 * given are sent (`POST /want/device/operate`, op settings); then the command's progress shows.
 */
export function RemoteSettingsForm({ battery }: { battery: BatteryRecord }) {
  const { t } = useTranslation('batteries');
  const feedback = useServerFeedback();
  const [form] = Form.useForm<SettingsValues>();
  const operate = useOperateDevice();
  const [command, setCommand] = useState<CommandRecord | null>(null);

  const send = async (values: SettingsValues) => {
    const settings = Object.fromEntries(
      Object.entries({ ...values, workMode: values.workMode?.trim() }).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
    if (Object.keys(settings).length === 0) {
      form.setFields([{ name: 'eod', errors: [t('settings.nothing')] }]);
      return;
    }
    try {
      setCommand(await operate.mutateAsync({ gsno: battery.loggerGsn, op: 'settings', batterySn: battery.batterySn, val: JSON.stringify(settings) }));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['eod', 'socMax', 'socMin', 'workMode'])) feedback.error(error);
    }
  };

  const number = (name: 'eod' | 'socMax' | 'socMin', step: number, unit: string) => (
    <Form.Item name={name} label={t(`settings.${name}`)} rules={[contractRule(fields[name], t, name)]} extra={t('settings.bounds', remoteSettingLimits[name])}>
      <InputNumber step={step} suffix={unit} style={{ width: 200 }} />
    </Form.Item>
  );

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
      <Form form={form} name={`remote-settings-${battery.batterySn}`} layout="vertical" onFinish={send} disabled={operate.isPending}>
        {number('eod', 0.1, 'V')}
        {number('socMax', 1, '%')}
        {number('socMin', 1, '%')}
        <Form.Item name="workMode" label={t('settings.workMode')} rules={[contractRule(fields.workMode, t, 'workMode')]} extra={battery.workMode ? t('settings.current', { value: battery.workMode }) : undefined}>
          <Input allowClear autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={operate.isPending}>
          {t('settings.send')}
        </Button>
      </Form>
      {command && <CommandProgress key={command.id} command={command} />}
      {!command && <Alert type="info" showIcon title={t('settings.hint')} />}
    </Flex>
  );
}
