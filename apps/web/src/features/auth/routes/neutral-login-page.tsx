import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/notify';
import { session } from '@/lib/session';
import { useNeutralLogin } from '../api/neutral-login';

interface Values {
  username: string;
  password: string;
}

/**
 * /neutral/login (public): the device portal's sign-in, without the platform's name or links (a
 * neutral, unbranded page for those who only register, import and upgrade devices). Its session is
 * kept apart from the console's (`lib/session.ts`).
 */
export default function NeutralLoginPage() {
  const { t } = useTranslation(['neutral', 'login', 'validation']);
  useDocumentTitle(t('neutral:title'));
  const navigate = useNavigate();
  const login = useNeutralLogin();

  const onFinish = (values: Values) => {
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (result) => {
          session.start(result);
          void navigate('/neutral/index', { replace: true });
        },
      },
    );
  };

  return (
    <div className="cs-login-form">
      <Typography.Title level={3}>{t('neutral:title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('neutral:intro')}</Typography.Paragraph>
      {login.isError && <Alert type="error" showIcon title={errorMessage(login.error)} style={{ marginBottom: 16 }} />}
      <Form<Values> layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="username" label={t('login:username')} rules={[{ required: true, whitespace: true, message: t('validation:usernameRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('login:password')} rules={[{ required: true, message: t('validation:passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login:submit')}
        </Button>
      </Form>
    </div>
  );
}
