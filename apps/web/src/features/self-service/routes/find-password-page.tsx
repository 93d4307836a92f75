import { fields } from '@cellsight/contract';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeInput, SliderCheckField, showOnFields, useSendCode } from '@/components/verification';
import { contractRule, sameAsRule } from '@/lib/contract-rules';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/notify';
import { useResetPassword, useVerifyResetCode } from '../api/self-service-api';
import { type ContactValues, ContactFields, contactOf } from '../components/contact-fields';

interface Identity {
  username: string;
  contact: { phone: string } | { email: string };
}

const sendBody = (identity: Identity) => ({
  username: identity.username,
  smsmode: '2' as const,
  ...('email' in identity.contact ? { email: identity.contact.email } : { mobile: identity.contact.phone }),
});

/**
 * /want/findPwd (public, spec: find password, steps 1-4): name the account and its mobile or e-mail,
 * enter the code sent there, set a new password, done. Every session of the account ends.
 */
export default function FindPasswordPage() {
  const { t } = useTranslation(['self-service', 'validation', 'verification']);
  useDocumentTitle(t('findPassword.title'));
  const [step, setStep] = useState(0);
  const [identity, setIdentity] = useState<Identity | null>(null);
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [identifyForm] = Form.useForm<ContactValues & { username: string; verified: boolean }>();
  const [codeForm] = Form.useForm<{ smscode: string }>();
  const [passwordForm] = Form.useForm<{ password: string; confirmPassword: string }>();
  const verified = Form.useWatch('verified', identifyForm) === true;
  const sendCode = useSendCode();
  const verify = useVerifyResetCode();
  const reset = useResetPassword();

  const fail = (form: Parameters<typeof showOnFields>[0], names: readonly string[]) => (error: unknown) => {
    if (!showOnFields(form, error, names)) setFormError(errorMessage(error));
  };

  const identify = (values: ContactValues & { username: string }) => {
    setFormError(null);
    const next = { username: values.username.trim(), contact: contactOf(values) };
    sendCode.mutate(sendBody(next), {
      onSuccess: () => {
        setIdentity(next);
        setStep(1);
      },
      onError: fail(identifyForm, ['username', 'phone', 'email']),
    });
  };

  const checkCode = ({ smscode }: { smscode: string }) => {
    if (!identity) return;
    setFormError(null);
    verify.mutate(
      { username: identity.username, smscode, ...identity.contact },
      {
        onSuccess: () => {
          setCode(smscode);
          setStep(2);
        },
        onError: fail(codeForm, ['smscode']),
      },
    );
  };

  const setPassword = (values: { password: string; confirmPassword: string }) => {
    if (!identity) return;
    setFormError(null);
    reset.mutate({ username: identity.username, smscode: code, ...identity.contact, ...values }, { onSuccess: () => setStep(3), onError: fail(passwordForm, ['password', 'confirmPassword', 'smscode']) });
  };

  return (
    <div className="cs-login-form cs-login-form--wide">
      <Typography.Title level={3}>{t('findPassword.title')}</Typography.Title>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('findPassword.steps.identify') }, { title: t('findPassword.steps.code') }, { title: t('findPassword.steps.password') }, { title: t('findPassword.steps.done') }]}
      />
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <Form form={identifyForm} layout="vertical" onFinish={identify} requiredMark={false}>
          <Form.Item name="username" label={t('username')} rules={[{ required: true, message: t('validation:usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <ContactFields label={t('findPassword.contact')} />
          <SliderCheckField />
          <Button type="primary" htmlType="submit" block size="large" loading={sendCode.isPending} disabled={!verified}>
            {t('findPassword.sendCode')}
          </Button>
        </Form>
      )}
      {step === 1 && identity && (
        <Form form={codeForm} layout="vertical" onFinish={checkCode} requiredMark={false}>
          <Typography.Paragraph type="secondary">{t('findPassword.codeSent')}</Typography.Paragraph>
          <Form.Item name="smscode" label={t('code')} rules={[{ required: true, message: t('verification:codeRequired') }]}>
            <CodeInput request={async () => sendBody(identity)} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
            {t('next')}
          </Button>
          <Button type="link" block onClick={() => setStep(0)}>
            {t('back')}
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Form form={passwordForm} layout="vertical" onFinish={setPassword} requiredMark={false}>
          <Form.Item name="password" label={t('newPassword')} rules={[{ required: true, message: t('validation:passwordNewRequired') }, contractRule(fields.password, t, 'password')]} hasFeedback>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('confirmPassword')}
            dependencies={['password']}
            rules={[{ required: true, message: t('validation:passwordConfirmRequired') }, sameAsRule('password', t)]}
            hasFeedback
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
            {t('findPassword.submit')}
          </Button>
        </Form>
      )}
      {step === 3 && (
        <Result
          status="success"
          title={t('findPassword.done')}
          subTitle={t('findPassword.doneDetail')}
          extra={
            <Link to={`/user/login?username=${encodeURIComponent(identity?.username ?? '')}`}>
              <Button type="primary">{t('signIn')}</Button>
            </Link>
          }
        />
      )}
      {step < 3 && (
        <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/user/login">{t('backToSignIn')}</Link>
        </Typography.Paragraph>
      )}
    </div>
  );
}
