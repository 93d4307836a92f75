import { type AlarmEventType, type AlarmRule, type AlarmRuleRecord, alarmEventTypes, alarmMinutesMax, defaultAlarmRule } from '@cellsight/contract';
import { Alert, App, Button, Card, Checkbox, Flex, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StationSelect } from '@/components/pickers/station-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ApiError } from '@/lib/api-client';
import { errorMessage, messageForCode } from '@/lib/notify';
import { useAlarmRules, useSaveAlarmRules } from '../api/alarm-rules';

interface RuleValues {
  stationId?: string;
  eventTypes: AlarmEventType[];
  delayMinutes: number | null;
  escalateAfterMinutes?: number | null;
}

interface NotificationValues {
  rules: RuleValues[];
}

const toValues = (rule: AlarmRuleRecord): RuleValues => ({
  stationId: rule.stationId ?? undefined,
  eventTypes: rule.eventTypes,
  delayMinutes: rule.delayMinutes,
  escalateAfterMinutes: rule.escalateAfterMinutes,
});

const toRule = (values: RuleValues): AlarmRule => ({
  stationId: values.stationId ?? null,
  eventTypes: alarmEventTypes.filter((type) => values.eventTypes.includes(type)),
  delayMinutes: values.delayMinutes ?? 0,
  escalateAfterMinutes: values.escalateAfterMinutes ?? null,
});

/** `rules[1].stationId` (the server's field) → ['rules', 1, 'stationId'] (the form's name). */
const formName = (field: string): (string | number)[] => field.split(/[.[\]]+/).filter(Boolean).map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Which alarms reach the user by mail: rules of a station (or all of theirs), event types, a delay
 * and an optional escalation of unacknowledged faults to their installer and distributor.
 */
export function NotificationSettings() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const rules = useAlarmRules();
  const save = useSaveAlarmRules();
  const [form] = Form.useForm<NotificationValues>();

  const submit = async (values: NotificationValues) => {
    try {
      const envelope = await save.mutateAsync({ rules: values.rules.map(toRule) });
      form.setFieldsValue({ rules: envelope.result.rules.map(toValues) });
      void message.success(messageForCode(envelope.code, t('notifications.saved')));
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors.filter(({ field }) => field.startsWith('rules')) : [];
      // The server names list fields by path (`rules[1].stationId`), which the form's typed names cannot spell ahead.
      if (fields.length > 0) form.setFields(fields.map(({ field, message: text }) => ({ name: formName(field), errors: [text] })) as Parameters<typeof form.setFields>[0]);
      else void message.error(errorMessage(error));
    }
  };

  if (rules.isError) return <LoadErrorAlert error={rules.error} onRetry={() => void rules.refetch()} />;
  if (rules.isPending) return <Skeleton active />;
  const typeOptions = alarmEventTypes.map((type) => ({ value: type, label: t(`notifications.types.${type}`) }));

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 760 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('notifications.intro')}
      </Typography.Paragraph>
      {!rules.data.hasEmail && <Alert type="warning" showIcon title={t('notifications.noEmail')} />}
      {!rules.data.custom && <Alert type="info" showIcon title={t('notifications.default')} />}
      <Form form={form} name="notifications" layout="vertical" onFinish={submit} disabled={save.isPending} initialValues={{ rules: rules.data.rules.map(toValues) }}>
        <Form.List name="rules">
          {(items, { add, remove }) => (
            <Flex vertical gap="middle">
              {items.length === 0 && <Alert type="warning" showIcon title={t('notifications.none')} />}
              {items.map(({ key, name }) => (
                <Card
                  key={key}
                  size="small"
                  title={t('notifications.rule', { number: name + 1 })}
                  extra={
                    <Button type="link" danger onClick={() => remove(name)}>
                      {t('notifications.remove')}
                    </Button>
                  }
                >
                  <Form.Item name={[name, 'stationId']} label={t('notifications.station')} extra={t('notifications.stationHint')}>
                    <StationSelect placeholder={t('notifications.allStations')} />
                  </Form.Item>
                  <Form.Item name={[name, 'eventTypes']} label={t('notifications.eventTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('notifications.eventTypesRequired') }]}>
                    <Checkbox.Group options={typeOptions} />
                  </Form.Item>
                  <Flex gap="middle" wrap>
                    <Form.Item name={[name, 'delayMinutes']} label={t('notifications.delay')} extra={t('notifications.delayHint')} rules={[{ required: true, message: t('notifications.delayRequired') }]}>
                      <InputNumber min={0} max={alarmMinutesMax} precision={0} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'escalateAfterMinutes']} label={t('notifications.escalate')} extra={t('notifications.escalateHint')}>
                      <InputNumber min={1} max={alarmMinutesMax} precision={0} placeholder={t('notifications.never')} style={{ width: 160 }} />
                    </Form.Item>
                  </Flex>
                </Card>
              ))}
              <Flex gap="small" wrap>
                <Button onClick={() => add(toValues({ ...defaultAlarmRule, eventTypes: [...defaultAlarmRule.eventTypes], stationName: null }))}>{t('notifications.add')}</Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('notifications.save')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Flex>
  );
}
