import { isStrongPassword, limits, patterns, ServerCode } from '@cellsight/contract';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { useUpdatePassword } from '../api/update-password';
import { messageForCode, errorMessage } from '@/lib/notify';
import { applyServerFieldErrors } from '@/lib/server-feedback';

interface ChangePasswordValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Field names equal the wire names, so the server's field errors land where they belong. */
const formFields = ['oldpassword', 'password', 'confirmpassword'] as const;

/** Business codes that concern one field, with the text to show when 'server' has none. */
const fieldOfCode: Partial<Record<number, { field: (typeof formFields)[number]; fallback: string }>> = {
  [ServerCode.OLD_PASSWORD_WRONG]: { field: 'oldpassword', fallback: 'password.oldWrong' },
  [ServerCode.NEW_PASSWORD_EMPTY]: { field: 'password', fallback: 'password.newRequired' },
  [ServerCode.PASSWORDS_DO_NOT_MATCH]: { field: 'confirmpassword', fallback: 'password.mismatch' },
};

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/** The signed-in user changes their own password (spec section 5 rules, width 460). */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const update = useUpdatePassword();
  const username = session.userInfo?.username;

  // Without a signed-in user there is nobody whose password could change: warn instead of opening.
  useEffect(() => {
    if (open && !username) {
      void message.warning(t('password.noUser'));
      onClose();
    }
  }, [open, username, message, t, onClose]);

  const submit = async (values: ChangePasswordValues) => {
    if (!username) return;
    try {
      const envelope = await update.mutateAsync({ username, ...values });
      void message.success(
        `${messageForCode(envelope.code, t('password.changed'))} ${t('password.otherSessionsSignedOut')}`,
        6,
      );
      onClose();
    } catch (error) {
      if (applyServerFieldErrors(form, error, formFields)) return;
      const known = error instanceof ApiError ? fieldOfCode[error.code] : undefined;
      if (error instanceof ApiError && known) {
        form.setFields([{ name: known.field, errors: [messageForCode(error.code, t(known.fallback))] }]);
      } else void message.error(errorMessage(error));
    }
  };

  return (
    <Modal
      open={open && Boolean(username)}
      title={t('password.title')}
      width={460}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={t('password.submit')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'change-password', loading: update.isPending }}
      mask={{ closable: false }}
    >
      <Form form={form} name="change-password" layout="vertical" onFinish={submit} disabled={update.isPending}>
        <Form.Item name="oldpassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          validateFirst
          rules={[
            { required: true, message: t('password.newRequired') },
            { pattern: patterns.password, message: t('password.pattern', { min: limits.passwordMin, max: limits.passwordMax }) },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && !isStrongPassword(value)) throw new Error(t('password.strength'));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('password.confirm')}
          dependencies={['password']}
          validateFirst
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
