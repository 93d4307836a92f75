import type { LoginResult } from '@cellsight/contract';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form } from 'antd';
// The text input and the password input alone: `Input` from antd's index brings TextArea, Search
// and OTP along, which the sign-in page does not show.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlainTabs } from '@/components/plain-tabs';
import { PlainParagraph, PlainTitle } from '@/components/plain-text';
import { CodeInput } from '@/components/verification/code-input';
import { showOnFields } from '@/components/verification/field-errors';
import { useDocumentTitle } from '@/lib/document-title';
import { safeRedirect } from '@/lib/login-redirect';
import { lazyFieldRule } from '@/lib/lazy-contract-rule';
import { errorMessage } from '@/lib/notify';
import { usePlatformName, usePublicConfig } from '@/lib/public-config';
import { session } from '@/lib/session';
import { useLogin } from '../api/login';
import { usePhoneLogin } from '../api/phone-login';
import { OutsideSignIn } from '../components/outside-sign-in';
import { greetingForHour } from '../utils/greeting';
import { choicesOf, hasChoices } from '../utils/workplace-choices';

// Shown only after a refused sign-in.
const Alert = lazy(() => import('antd/es/alert'));
// Shown only to a user with several departments or tenants, after sign-in: its select loads then.
const DepartSelectModal = lazy(() => import('../components/depart-select-modal').then((module) => ({ default: module.DepartSelectModal })));

interface Values {
  username: string;
  password: string;
}

interface PhoneValues {
  mobile: string;
  captcha: string;
}

/**
 * Sign-in with user name and password (POST /sys/login), or with a code texted to the account's
 * mobile (POST /sys/phoneLogin); links to find password and, where visitors may, to register.
 */
export default function LoginPage() {
  const { t } = useTranslation(['login', 'validation']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const platformName = usePlatformName();
  const loginMutation = useLogin();
  const phoneLogin = usePhoneLogin();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const signupOpen = usePublicConfig().data?.signupOpen ?? false;
  // A user with several departments or tenants picks one before entering the console.
  const [choosing, setChoosing] = useState<LoginResult | null>(null);
  const [greeting] = useState(() => greetingForHour(new Date().getHours()));
  useDocumentTitle(t('title'));

  const enter = () => {
    void navigate(safeRedirect(searchParams.get('redirect')) ?? '/', { replace: true });
  };

  const signedIn = (result: LoginResult) => {
    session.start(result);
    if (hasChoices(choicesOf(result))) setChoosing(result);
    else enter();
  };

  const onFinish = (values: Values) => {
    loginMutation.mutate({ username: values.username.trim(), password: values.password }, { onSuccess: signedIn });
  };

  const onPhoneFinish = (values: PhoneValues) => {
    setPhoneError(null);
    phoneLogin.mutate(
      { mobile: values.mobile.trim(), captcha: values.captcha },
      {
        onSuccess: signedIn,
        onError: (error) => {
          if (!showOnFields(phoneForm, error, ['mobile', 'captcha'])) setPhoneError(errorMessage(error));
        },
      },
    );
  };

  const codeRequest = async () => {
    try {
      const { mobile } = await phoneForm.validateFields(['mobile']);
      return { mobile: mobile.trim(), smsmode: '0' as const };
    } catch {
      return null;
    }
  };

  const passwordForm = (
    <Form<Values> layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on" initialValues={{ username: searchParams.get('username') ?? undefined }}>
      <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true, message: t('validation:usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('usernamePlaceholder')} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('validation:passwordRequired') }]}>
        <Password prefix={<LockOutlined />} placeholder={t('passwordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
        {t('submit')}
      </Button>
    </Form>
  );

  const mobileForm = (
    <Form<PhoneValues> form={phoneForm} layout="vertical" size="large" onFinish={onPhoneFinish} requiredMark={false}>
      <Form.Item name="mobile" label={t('mobile')} rules={[lazyFieldRule('mobile', t)]}>
        <Input prefix={<MobileOutlined />} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item name="captcha" label={t('code')} rules={[{ required: true, message: t('codeRequired') }]}>
        <CodeInput request={codeRequest} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={phoneLogin.isPending}>
        {t('submit')}
      </Button>
    </Form>
  );

  return (
    <div className="cs-login-form">
      <PlainTitle style={{ marginBottom: 4 }}>{t(`greeting.${greeting}`)}</PlainTitle>
      <PlainParagraph>{t('welcome', { platform: platformName })}</PlainParagraph>
      <Suspense fallback={null}>
        {loginMutation.isError && <Alert type="error" showIcon title={errorMessage(loginMutation.error)} style={{ marginBottom: 16 }} />}
        {phoneError && <Alert type="error" showIcon title={phoneError} style={{ marginBottom: 16 }} />}
      </Suspense>
      <PlainTabs
        items={[
          { key: 'password', label: t('byPassword'), children: passwordForm },
          { key: 'mobile', label: t('byMobile'), children: mobileForm },
        ]}
      />
      <OutsideSignIn onSignedIn={signedIn} />
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to="/want/findPwd">{t('forgotPassword')}</Link>
        {signupOpen && <Link to="/user/register">{t('register')}</Link>}
      </Flex>
      {choosing && (
        <Suspense fallback={null}>
          <DepartSelectModal
            choices={choicesOf(choosing)}
            onDone={enter}
            onCancel={() => {
              setChoosing(null);
              session.clear();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
