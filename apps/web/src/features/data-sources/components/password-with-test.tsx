import { ApiOutlined } from '@ant-design/icons';
import { type DataSourceRecord, maskedPassword } from '@cellsight/contract';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useTestConnection } from '../api/test-connection';

interface PasswordWithTestProps {
  /** The edited data source: its stored password is kept when this field stays empty. */
  record: DataSourceRecord | null;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** The write-only password field (a stored one is never shown) and "Test connection" with the form's values. */
export function PasswordWithTest({ record, value, onChange, id }: PasswordWithTestProps) {
  const { t } = useTranslation('data-sources');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const form = Form.useFormInstance();
  const test = useTestConnection();

  const run = async () => {
    const values = form.getFieldsValue(['dbType', 'dbUrl', 'dbUsername']) as Record<string, string | undefined>;
    try {
      const result = await test.mutateAsync({
        ...(record ? { id: record.id } : {}),
        dbType: (values.dbType ?? 'postgresql') as 'postgresql',
        dbUrl: values.dbUrl?.trim() ?? '',
        dbUsername: values.dbUsername?.trim() ?? '',
        ...(value ? { dbPassword: value } : {}),
      });
      if (result.ok) void message.success(t('connected'));
      else void message.error(t('failed', { message: result.message }));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['dbType', 'dbUrl', 'dbUsername', 'dbPassword'])) feedback.error(error);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input.Password
        id={id}
        value={value === maskedPassword ? '' : (value ?? '')}
        onChange={(event) => onChange?.(event.target.value)}
        autoComplete="new-password"
        placeholder={record?.dbPassword ? t('passwordKept') : undefined}
      />
      <Button icon={<ApiOutlined />} loading={test.isPending} onClick={() => void run()}>
        {t('testConnection')}
      </Button>
    </Space.Compact>
  );
}
