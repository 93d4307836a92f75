import { LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Space, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FeedbackApp } from '@/components/feedback-app';
import { LanguageMenu } from '@/components/language-menu';
import { PageLoading } from '@/components/page-loading';
import { logout } from '@/features/auth/api/logout';
import { useUserPermissions } from '@/features/auth/api/get-user-permissions';
import { withTexts } from '@/lib/i18n';
import { session } from '@/lib/session';
import { useUserInfo } from '@/lib/use-session';

const NeutralLoginPage = lazy(() => import('@/features/auth/routes/neutral-login-page'));
// The portal's one screen is the logger list: devices, their import and their remote upgrade.
const LoggerListPage = lazy(withTexts('console', () => import('@/features/loggers/routes/logger-list-page')));

/** The portal's frame: no platform name, logo or menu, only the language and the account. */
function NeutralFrame({ children, account }: { children: ReactNode; account?: ReactNode }) {
  const { t } = useTranslation('neutral');
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: token.colorBgContainer, display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingInline: 24 }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t('title')}
        </Typography.Text>
        <Space>
          <LanguageMenu />
          {account}
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </Layout.Content>
    </Layout>
  );
}

function SignOutButton() {
  const { t } = useTranslation('neutral');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useUserInfo();
  return (
    <Button
      icon={<LogoutOutlined />}
      onClick={() => {
        const token = session.token;
        session.clear();
        if (token) void logout(token).catch(() => undefined);
        queryClient.clear();
        void navigate('/neutral/login', { replace: true });
      }}
    >
      {t('signOut', { name: userInfo?.realname || userInfo?.username || '' })}
    </Button>
  );
}

/** The device list once the portal's permissions are loaded; a refused session signs in again. */
function NeutralIndex({ token }: { token: string }) {
  const permissions = useUserPermissions(token);
  if (permissions.isError) {
    session.clear();
    return <Navigate to="/neutral/login" replace />;
  }
  if (permissions.isPending) return <PageLoading fullscreen />;
  return (
    <NeutralFrame account={<SignOutButton />}>
      <LoggerListPage />
    </NeutralFrame>
  );
}

/**
 * The device portal (spec section 2: /neutral, /neutral/login, /neutral/index): its own sign-in and
 * session (kept apart from the console's), and the device list with import and remote upgrade.
 */
export default function NeutralRoute({ page }: { page: 'login' | 'index' }) {
  return (
    <FeedbackApp>
      <NeutralPage page={page} />
    </FeedbackApp>
  );
}

function NeutralPage({ page }: { page: 'login' | 'index' }) {
  const token = session.token;
  if (page === 'login') {
    if (token) return <Navigate to="/neutral/index" replace />;
    return (
      <NeutralFrame>
        <div style={{ maxWidth: 400, margin: '48px auto' }}>
          <NeutralLoginPage />
        </div>
      </NeutralFrame>
    );
  }
  if (!token) return <Navigate to="/neutral/login" replace />;
  return <NeutralIndex key={token} token={token} />;
}
