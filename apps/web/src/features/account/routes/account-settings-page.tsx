import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserSettings } from '../components/user-settings';

/** /account/settings: the user settings as a page. */
export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <Typography.Title level={3}>{t('settings.title')}</Typography.Title>
      <UserSettings />
    </>
  );
}
