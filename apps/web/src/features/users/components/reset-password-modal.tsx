import { adminChangePasswordRequestSchema } from '@cellsight/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { contractRule, requiredRule, sameAsRule } from '@/lib/contract-rules';
import { useTranslation } from 'react-i18next';
import { useResetUserPassword } from '../api/change-password';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';

interface ResetPasswordValues {
  password: string;
  confirmpassword: string;
}

interface ResetPasswordModalProps {
  open: boolean;
  username: string;
  onClose: () => void;
  afterClose?: () => void;
}

/** An administrator sets a new password for another user. */
export function ResetPasswordModal({ open, username, onClose, afterClose }: ResetPasswordModalProps) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<ResetPasswordValues>();
  const feedback = useServerFeedback();
  const reset = useResetUserPassword();

  const submit = async (values: ResetPasswordValues) => {
    try {
      const envelope = await reset.mutateAsync({ username, password: values.password, confirmpassword: values.confirmpassword });
      feedback.success(envelope, t('messages.passwordReset'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['password', 'confirmpassword'])) feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('resetPassword.title')}
      width={460}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('resetPassword.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'reset-password', loading: reset.isPending }}
      mask={{ closable: false }}
    >
      <Form form={form} name="reset-password" layout="vertical" onFinish={submit} disabled={reset.isPending}>
        <Form.Item label={t('fields.username')}>
          <Typography.Text strong>{username}</Typography.Text>
        </Form.Item>
        <Form.Item name="password" label={t('resetPassword.newPassword')} rules={[contractRule(adminChangePasswordRequestSchema.shape.password, t, 'password')]} validateFirst>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={[requiredRule('confirmpassword', t), sameAsRule('password', t)]}
          validateFirst
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
