import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from './change-password-modal';

/** Account password (opens the change-password dialog) and the user code, or '--' without one. */
export function SecuritySettings({ code }: { code: string | null }) {
  const { t } = useTranslation('account');
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <div>
          <Typography.Text strong>{t('security.password')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('security.passwordHint')}</Typography.Text>
        </div>
        <Button onClick={() => setPasswordOpen(true)}>{t('security.changePassword')}</Button>
      </Flex>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Typography.Text strong>{t('security.code')}</Typography.Text>
        <Typography.Text aria-label={t('security.code')}>{code || '--'}</Typography.Text>
      </Flex>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Flex>
  );
}
