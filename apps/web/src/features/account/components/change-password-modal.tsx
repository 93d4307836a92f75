import { App, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm, useChangePassword } from './change-password-form';

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/** The signed-in user changes their own password (spec section 5 rules, width 460). */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const { form, submit, pending, username } = useChangePassword(() => onClose());

  // Without a signed-in user there is nobody whose password could change: warn instead of opening.
  useEffect(() => {
    if (open && !username) {
      void message.warning(t('password.noUser'));
      onClose();
    }
  }, [open, username, message, t, onClose]);

  return (
    <Modal
      open={open && Boolean(username)}
      title={t('password.title')}
      width={460}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={t('password.submit')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'change-password', loading: pending }}
      mask={{ closable: false }}
    >
      <ChangePasswordForm form={form} name="change-password" onFinish={submit} pending={pending} />
    </Modal>
  );
}
