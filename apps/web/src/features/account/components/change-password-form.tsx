import { isStrongPassword, limits, patterns, ServerCode } from '@cellsight/contract';
import { App, Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { sameAsRule } from '@/lib/contract-rules';
import { session } from '@/lib/session';
import { useUpdatePassword } from '../api/update-password';
import { messageForCode, errorMessage } from '@/lib/notify';
import { applyServerFieldErrors } from '@/lib/server-feedback';

export interface ChangePasswordValues {
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

/**
 * The own-password change (spec section 5 rules): its form, the call, and the refusals put on their
 * fields. `onChanged` runs once the server took the new password.
 */
export function useChangePassword(onChanged: (form: FormInstance<ChangePasswordValues>) => void) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const update = useUpdatePassword();
  const username = session.userInfo?.username;

  const submit = async (values: ChangePasswordValues) => {
    if (!username) return;
    try {
      const envelope = await update.mutateAsync({ username, ...values });
      void message.success(`${messageForCode(envelope.code, t('password.changed'))} ${t('password.otherSessionsSignedOut')}`, 6);
      onChanged(form);
    } catch (error) {
      if (applyServerFieldErrors(form, error, formFields)) return;
      const known = error instanceof ApiError ? fieldOfCode[error.code] : undefined;
      if (error instanceof ApiError && known) {
        form.setFields([{ name: known.field, errors: [messageForCode(error.code, t(known.fallback))] }]);
      } else void message.error(errorMessage(error));
    }
  };
  return { form, submit, pending: update.isPending, username };
}

/** The three password fields of `useChangePassword`'s form (`children`: what follows them, a submit button). */
export function ChangePasswordForm({ form, name, onFinish, pending, children }: { form: FormInstance<ChangePasswordValues>; name: string; onFinish: (values: ChangePasswordValues) => Promise<void>; pending: boolean; children?: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <Form form={form} name={name} layout="vertical" onFinish={onFinish} disabled={pending}>
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
          sameAsRule('password', t, t('password.mismatch')),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {children}
    </Form>
  );
}
