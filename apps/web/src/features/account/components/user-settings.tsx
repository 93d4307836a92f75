import { Alert, Card, Col, Row, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '@/lib/session';
import { useProfile } from '../api/get-user-by-id';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { NotificationSettings } from './notification-settings';
import { ProfileForm } from './profile-form';
import { SecuritySettings } from './security-settings';

/** Basic settings (profile) and security settings, and the alarm notifications tab; shown in the modal and on the settings page. */
export function UserSettings() {
  const { t } = useTranslation('account');
  const sessionUser = session.userInfo;
  const profile = useProfile(sessionUser?.id);

  if (!sessionUser) return <Alert type="warning" showIcon title={t('password.noUser')} />;

  const user = profile.data;
  const account = (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Card title={t('settings.basic')}>
          {profile.isError && <LoadErrorAlert error={profile.error} onRetry={() => void profile.refetch()} />}
          {profile.isPending && <Skeleton active />}
          {user && <ProfileForm key={user.id} user={user} />}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('settings.security')}>
          <SecuritySettings code={user?.code ?? sessionUser.code} />
        </Card>
      </Col>
    </Row>
  );
  return (
    <Tabs
      items={[
        { key: 'account', label: t('settings.account'), children: account },
        { key: 'notifications', label: t('settings.notifications'), children: <NotificationSettings /> },
      ]}
    />
  );
}
