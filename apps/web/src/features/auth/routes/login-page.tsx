import type { LoginResult } from '@cellsight/contract';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { safeRedirect } from '@/lib/login-redirect';
import { errorMessage } from '@/lib/notify';
import { usePlatformName } from '@/lib/public-config';
import { session } from '@/lib/session';
import { useLogin } from '../api/login';
import { DepartSelectModal } from '../components/depart-select-modal';
import { greetingForHour } from '../utils/greeting';

interface Values {
  username: string;
  password: string;
}

/** Sign-in with user name and password (spec section 2, POST /sys/login). */
export default function LoginPage() {
  const { t } = useTranslation(['login', 'validation']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const platformName = usePlatformName();
  const loginMutation = useLogin();
  // A user with several departments or tenants picks one before entering the console.
  const [choosing, setChoosing] = useState<LoginResult | null>(null);
  const [greeting] = useState(() => greetingForHour(new Date().getHours()));
  useDocumentTitle(t('title'));

  const enter = () => {
    void navigate(safeRedirect(searchParams.get('redirect')) ?? '/', { replace: true });
  };

  const onFinish = (values: Values) => {
    loginMutation.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (result) => {
          session.start(result);
          if ((result.multi_depart === 2 && result.departs.length > 0) || result.tenantList.length > 1) setChoosing(result);
          else enter();
        },
      },
    );
  };

  return (
    <div className="cs-login-form">
      <Typography.Title level={3} style={{ marginBottom: 4 }}>
        {t(`greeting.${greeting}`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('welcome', { platform: platformName })}</Typography.Paragraph>
      {loginMutation.isError && <Alert type="error" showIcon title={errorMessage(loginMutation.error)} style={{ marginBottom: 16 }} />}
      <Form<Values> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
        <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true, message: t('validation:usernameRequired') }]}>
          <Input prefix={<UserOutlined />} placeholder={t('usernamePlaceholder')} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('validation:passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('passwordPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          {t('submit')}
        </Button>
      </Form>
      {choosing && (
        <DepartSelectModal
          result={choosing}
          onDone={enter}
          onCancel={() => {
            setChoosing(null);
            session.clear();
          }}
        />
      )}
    </div>
  );
}
