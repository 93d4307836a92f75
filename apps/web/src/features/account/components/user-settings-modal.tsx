import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserSettings } from './user-settings';

interface UserSettingsModalProps {
  open: boolean;
  onClose: () => void;
}

/** The user settings as a full-screen dialog, opened from the header's user menu. */
export function UserSettingsModal({ open, onClose }: UserSettingsModalProps) {
  const { t } = useTranslation('account');
  return (
    <Modal
      open={open}
      title={t('settings.title')}
      onCancel={onClose}
      footer={null}
      width="100%"
      // Fresh data and a pristine form each time it opens.
      destroyOnHidden
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{ container: { minHeight: '100vh', borderRadius: 0 } }}
    >
      <UserSettings />
    </Modal>
  );
}
