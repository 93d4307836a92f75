import { limits, type UserInfo } from '@cellsight/contract';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditUserInfo } from '../api/edit-user-info';
import { messageForCode, errorMessage } from '@/lib/notify';
import { applyServerFieldErrors } from '@/lib/server-feedback';
import { sexOptions, toSex } from '../lib/sex-options';
import { AvatarUpload } from './avatar-upload';

interface ProfileValues {
  avatar?: string | null;
  realname: string;
  sex?: number | null;
  company?: string;
  address?: string;
}

const formFields = ['avatar', 'realname', 'sex', 'company', 'address'] as const;

/** The own profile: avatar, real name, gender, company, address. Mount with a `key` per loaded user. */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const save = useEditUserInfo();

  const submit = async (values: ProfileValues) => {
    try {
      const envelope = await save.mutateAsync({
        id: user.id,
        realname: values.realname.trim(),
        avatar: values.avatar ?? null,
        sex: toSex(values.sex),
        company: values.company?.trim() ?? '',
        address: values.address?.trim() ?? '',
      });
      void message.success(messageForCode(envelope.code, t('profile.saved')));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, formFields)) void message.error(errorMessage(error));
    }
  };

  return (
    <>
      {user.demo && <Alert type="info" showIcon title={t('profile.demo')} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="profile"
        layout="vertical"
        onFinish={submit}
        disabled={user.demo || save.isPending}
        initialValues={{
          avatar: user.avatar,
          realname: user.realname,
          sex: user.sex,
          company: user.company ?? '',
          address: user.address ?? '',
        }}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="avatar" label={t('profile.avatar')}>
          <AvatarUpload />
        </Form.Item>
        <Form.Item
          name="realname"
          label={t('profile.realname')}
          rules={[
            { required: true, whitespace: true, message: t('profile.realnameRequired') },
            { max: limits.realnameMax, message: t('profile.maxLength', { max: limits.realnameMax }) },
          ]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="sex" label={t('profile.sex')}>
          <Select allowClear options={sexOptions(t)} placeholder={t('profile.selectPlaceholder')} />
        </Form.Item>
        <Form.Item name="company" label={t('profile.company')} rules={[{ max: limits.companyMax, message: t('profile.maxLength', { max: limits.companyMax }) }]}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="address" label={t('profile.address')} rules={[{ max: limits.addressMax, message: t('profile.maxLength', { max: limits.addressMax }) }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('profile.submit')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
