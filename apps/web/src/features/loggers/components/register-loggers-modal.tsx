import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { limits, loggerKeySchema } from '@cellsight/contract';
import { App, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { contractRule } from '@/lib/contract-rules';
import { useServerFeedback } from '@/lib/server-feedback';
import { useRegisterLoggers } from '../api/register-loggers';
import { loggerSnRule } from '../lib/logger-sn-rule';

interface LoggerRow {
  gsn: string;
  key: string;
  timezone: string;
}

interface RegisterLoggersModalProps {
  open: boolean;
  onClose: () => void;
}

/** The browser's own time zone is the likeliest one for loggers installed nearby. */
const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const timeZoneOptions = (): { value: string; label: string }[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimeZone()];
  return (zones.includes('UTC') ? zones : ['UTC', ...zones]).map((zone) => ({ value: zone, label: zone }));
};

const emptyRow = (): LoggerRow => ({ gsn: '', key: '', timezone: browserTimeZone() });

/**
 * Registers up to 32 loggers at once with their SN, registration key and time zone (the one their
 * station's daily figures use). Registered loggers may connect over MQTT from then on.
 */
export function RegisterLoggersModal({ open, onClose }: RegisterLoggersModalProps) {
  const { t } = useTranslation('loggers');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const [form] = Form.useForm<{ loggers: LoggerRow[] }>();
  const register = useRegisterLoggers();
  const zones = useMemo(() => timeZoneOptions(), []);

  const submit = async ({ loggers }: { loggers: LoggerRow[] }) => {
    try {
      const envelope = await register.mutateAsync({ loggers: loggers.map((row) => ({ gsn: row.gsn.trim(), key: row.key, timezone: row.timezone })) });
      const { registered, existing } = envelope.result;
      void message.success(existing > 0 ? t('register.doneWithExisting', { registered, existing }) : t('register.done', { registered }));
      form.resetFields();
      onClose();
    } catch (error) {
      // Field errors come as `loggers[<row>].<field>` (the server names fields so): put each on its row.
      const placed = (error instanceof ApiError ? error.errors : []).flatMap((e) => {
        const match = /loggers(?:\.|\[)(\d+)\]?\.(gsn|key|timezone)$/.exec(e.field);
        return match ? [{ name: ['loggers', Number(match[1]), match[2] as keyof LoggerRow] as ['loggers', number, keyof LoggerRow], errors: [e.message] }] : [];
      });
      if (placed.length > 0) form.setFields(placed);
      else feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('register.title')}
      width={880}
      okText={t('register.submit')}
      cancelText={t('register.cancel')}
      confirmLoading={register.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('register.intro')}</Typography.Paragraph>
      <Form form={form} name="register-loggers" layout="vertical" onFinish={submit} initialValues={{ loggers: [emptyRow()] }}>
        <Form.List name="loggers">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item
                    name={[field.name, 'gsn']}
                    label={index === 0 ? t('fields.gsn') : undefined}
                    required
                    validateFirst
                    rules={[
                      loggerSnRule(t),
                      ({ getFieldValue }) => ({
                        validator: (_rule, value: string | undefined) => {
                          const rows = (getFieldValue('loggers') as LoggerRow[] | undefined) ?? [];
                          const same = rows.filter((row) => row?.gsn?.trim() && row.gsn.trim() === value?.trim()).length;
                          return same > 1 ? Promise.reject(new Error(t('register.repeated', { val: value?.trim() }))) : Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <Input placeholder={t('register.gsnPlaceholder')} aria-label={t('register.rowField', { field: t('fields.gsn'), row: index + 1 })} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'key']}
                    label={index === 0 ? t('register.key') : undefined}
                    required
                    rules={[contractRule(loggerKeySchema, t, 'loggerKey')]}
                  >
                    <Input.Password aria-label={t('register.rowField', { field: t('register.key'), row: index + 1 })} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'timezone']} label={index === 0 ? t('fields.timezone') : undefined} rules={[{ required: true, message: t('register.timezoneRequired') }]}>
                    <Select showSearch options={zones} aria-label={t('register.rowField', { field: t('fields.timezone'), row: index + 1 })} style={{ width: 240 }} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('register.removeRow', { row: index + 1 })}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: index === 0 ? 30 : 0 }}
                    />
                  )}
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  if (fields.length >= limits.loggerRowsMax) void message.warning(t('register.tooMany', { max: limits.loggerRowsMax }));
                  else add(emptyRow());
                }}
              >
                {t('register.addRow')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
