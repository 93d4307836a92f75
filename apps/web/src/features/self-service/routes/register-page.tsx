import { fields } from '@cellsight/contract';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CodeInput, SliderCheckField, showOnFields } from '@/components/verification';
import { contractRule, sameAsRule } from '@/lib/contract-rules';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/notify';
import { useRegister } from '../api/self-service-api';
import { type ContactValues, ContactFields, contactCodeRequest, contactOf } from '../components/contact-fields';

interface Values extends ContactValues {
  username: string;
  password: string;
  confirmPassword: string;
  verified: boolean;
  smscode: string;
  agreed: boolean;
}

const fieldNames = ['username', 'password', 'confirmPassword', 'phone', 'email', 'smscode'] as const;

/**
 * /user/register (public): an end-user account with a password by the spec's rules, the slider
 * check, and the code sent to the mobile or e-mail. An invitation link (`?invite=<user code>`) puts
 * the account under the installer who sent it.
 */
export default function RegisterPage() {
  const { t } = useTranslation(['self-service', 'validation', 'verification']);
  useDocumentTitle(t('register.title'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite')?.trim() || undefined;
  const [form] = Form.useForm<Values>();
  const verified = Form.useWatch('verified', form) === true;
  const register = useRegister();
  // A refusal no field can show (closed registration, too many requests) goes above the form.
  const [formError, setFormError] = useState<string | null>(null);


  const onFinish = (values: Values) => {
    setFormError(null);
    register.mutate(
      { username: values.username.trim(), password: values.password, confirmPassword: values.confirmPassword, smscode: values.smscode, invite, ...contactOf(values) },
      {
        onSuccess: (result) => void navigate(`/user/register-result?username=${encodeURIComponent(result.username)}`, { replace: true }),
        onError: (error) => {
          if (!showOnFields(form, error, fieldNames)) setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <div className="cs-login-form">
      <Typography.Title level={3}>{t('register.title')}</Typography.Title>
      {invite && <Alert type="info" showIcon title={t('register.invited', { code: invite })} style={{ marginBottom: 16 }} />}
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} autoComplete="on">
        <Form.Item name="username" label={t('username')} rules={[{ required: true, message: t('validation:usernameRequired') }, contractRule(fields.username, t, 'username')]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('validation:passwordRequired') }, contractRule(fields.password, t, 'password')]} hasFeedback>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={[{ required: true, message: t('validation:confirmpasswordRequired') }, sameAsRule('password', t)]}
          hasFeedback
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <ContactFields />
        <SliderCheckField />
        <Form.Item name="smscode" label={t('code')} rules={[{ required: true, message: t('verification:codeRequired') }]}>
          <CodeInput request={contactCodeRequest(form, '1')} disabled={!verified} />
        </Form.Item>
        <Form.Item name="agreed" valuePropName="checked" rules={[{ validator: async (_rule, value) => (value ? undefined : Promise.reject(new Error(t('register.agreeRequired')))) }]}>
          <Checkbox>
            <Trans
              t={t}
              i18nKey="register.agree"
              components={{ privacy: <Link to="/privacy" target="_blank" />, terms: <Link to="/condition" target="_blank" /> }}
            />
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        {t('register.haveAccount')} <Link to="/user/login">{t('signIn')}</Link>
      </Typography.Paragraph>
    </div>
  );
}
