import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeInput, SliderCheckField, showOnFields } from '@/components/verification';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/notify';
import { session } from '@/lib/session';
import { useAlterContact } from '../api/self-service-api';
import { type ContactValues, ContactFields, contactCodeRequest, contactOf } from '../components/contact-fields';

interface Values extends ContactValues {
  username: string;
  password: string;
  verified: boolean;
  smscode: string;
}

const fieldNames = ['username', 'password', 'phone', 'email', 'smscode'] as const;

/**
 * /user/alteration (public, spec section 2): a new mobile number or e-mail address for an account,
 * proven by its password and the code sent to the new one. A signed-in user's name is filled in.
 */
export default function AlterationPage() {
  const { t } = useTranslation(['self-service', 'validation', 'verification']);
  useDocumentTitle(t('alteration.title'));
  const [form] = Form.useForm<Values>();
  const verified = Form.useWatch('verified', form) === true;
  const alter = useAlterContact();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<ContactValues['contactType'] | null>(null);
  const signedIn = session.token ? session.userInfo?.username : undefined;


  const onFinish = (values: Values) => {
    setFormError(null);
    alter.mutate(
      { username: values.username.trim(), password: values.password, smscode: values.smscode, ...contactOf(values) },
      {
        onSuccess: () => setDone(values.contactType),
        onError: (error) => {
          if (!showOnFields(form, error, fieldNames)) setFormError(errorMessage(error));
        },
      },
    );
  };

  if (done) {
    return (
      <Result
        status="success"
        title={t(done === 'email' ? 'alteration.doneEmail' : 'alteration.doneMobile')}
        extra={
          <Link to={signedIn ? '/' : '/user/login'}>
            <Button type="primary">{signedIn ? t('backToConsole') : t('signIn')}</Button>
          </Link>
        }
      />
    );
  }

  return (
    <div className="cs-login-form">
      <Typography.Title level={3}>{t('alteration.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('alteration.intro')}</Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} initialValues={{ username: signedIn }}>
        <Form.Item name="username" label={t('username')} rules={[{ required: true, message: t('validation:usernameRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" disabled={Boolean(signedIn)} />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('validation:passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus={Boolean(signedIn)} />
        </Form.Item>
        <ContactFields label={t('alteration.newContact')} />
        <SliderCheckField />
        <Form.Item name="smscode" label={t('code')} rules={[{ required: true, message: t('verification:codeRequired') }]}>
          <CodeInput request={contactCodeRequest(form, '3')} disabled={!verified} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={alter.isPending}>
          {t('alteration.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={signedIn ? '/' : '/user/login'}>{signedIn ? t('backToConsole') : t('backToSignIn')}</Link>
      </Typography.Paragraph>
    </div>
  );
}
