import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm, useChangePassword } from '../components/change-password-form';

/** /want/changePwd (spec section 2): the own-password change as a page; the form empties once the password changed. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const { form, submit, pending } = useChangePassword((changed) => changed.resetFields());
  return (
    <Card title={t('password.title')} style={{ maxWidth: 460 }}>
      <ChangePasswordForm form={form} name="change-password-page" onFinish={submit} pending={pending}>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('password.submit')}
        </Button>
      </ChangePasswordForm>
    </Card>
  );
}
