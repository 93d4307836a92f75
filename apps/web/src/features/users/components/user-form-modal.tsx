import { limits, patterns, ServerCode, type UserEditRequest, type UserRecord } from '@cellsight/contract';
import { Col, Form, Input, Modal, Row, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useAddUser } from '../api/add-user';
import { useEditUser } from '../api/edit-user';
import { useDepartTree, useUserDeparts } from '../api/get-departs';
import { useRoles } from '../api/get-roles';
import { useUserRoles } from '../api/get-user-roles';
import { sexOptions } from '../lib/dict-options';
import { confirmPasswordRules, passwordRules, uniqueRule } from '../lib/form-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';

interface UserFormValues {
  username: string;
  password?: string;
  confirmpassword?: string;
  realname: string;
  selectedroles?: string[];
  selecteddeparts?: string[];
  sex?: number | null;
  email?: string;
  phone?: string;
  company?: string;
  address?: string;
  code?: string;
}

/** Form field names equal the wire names, so server field errors land on the right field. */
const formFields = ['username', 'password', 'confirmpassword', 'realname', 'selectedroles', 'selecteddeparts', 'sex', 'email', 'phone', 'company', 'address', 'code'] as const;

/** Business codes that name one field ("user name registered" etc.). */
const fieldOfCode: Partial<Record<number, (typeof formFields)[number]>> = {
  [ServerCode.USERNAME_REGISTERED]: 'username',
  [ServerCode.MOBILE_REGISTERED]: 'phone',
  [ServerCode.EMAIL_REGISTERED]: 'email',
};

interface UserFormModalProps {
  open: boolean;
  /** The user to edit; null adds a new user. */
  user: UserRecord | null;
  onClose: () => void;
  /** Called after the modal finished closing, so the parent can unmount it. */
  afterClose?: () => void;
}

/** Add or edit a user. Mounted fresh per opening, so the form starts from the given user. */
export function UserFormModal({ open, user, onClose, afterClose }: UserFormModalProps) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<UserFormValues>();
  const feedback = useServerFeedback();
  const editing = user !== null;
  const roles = useRoles(open);
  const userRoles = useUserRoles(user?.id);
  const departTree = useDepartTree(open);
  const userDeparts = useUserDeparts(user?.id);
  const addUser = useAddUser();
  const editUser = useEditUser();
  const saving = addUser.isPending || editUser.isPending;

  // Preload the user's roles once they arrive, unless the administrator already picked some.
  useEffect(() => {
    if (userRoles.data && !form.isFieldTouched('selectedroles')) form.setFieldsValue({ selectedroles: userRoles.data });
  }, [userRoles.data, form]);
  useEffect(() => {
    if (userDeparts.data && !form.isFieldTouched('selecteddeparts')) form.setFieldsValue({ selecteddeparts: userDeparts.data });
  }, [userDeparts.data, form]);

  const submit = async (values: UserFormValues) => {
    // While the user's current roles are unknown (still loading, or failed), leave them alone:
    // an omitted list keeps the roles on the server, an empty one would remove them all.
    const rolesKnown = !editing || userRoles.isSuccess || form.isFieldTouched('selectedroles');
    const departsKnown = !editing || userDeparts.isSuccess || form.isFieldTouched('selecteddeparts');
    const common: Omit<UserEditRequest, 'id'> = {
      realname: values.realname.trim(),
      selectedroles: rolesKnown ? (values.selectedroles ?? []).join(',') : undefined,
      selecteddeparts: departsKnown ? (values.selecteddeparts ?? []).join(',') : undefined,
      sex: values.sex === 1 ? 1 : values.sex === 2 ? 2 : null,
      // Empty strings clear the field on the server.
      email: values.email?.trim() ?? '',
      phone: values.phone?.trim() ?? '',
      company: values.company?.trim() ?? '',
      address: values.address?.trim() ?? '',
      code: values.code?.trim() ?? '',
    };
    try {
      const envelope = user
        ? await editUser.mutateAsync({ id: user.id, ...common })
        : await addUser.mutateAsync({
            username: values.username.trim(),
            password: values.password ?? '',
            confirmpassword: values.confirmpassword ?? '',
            ...common,
          });
      feedback.success(envelope, editing ? t('messages.edited') : t('messages.added'));
      onClose();
    } catch (error) {
      if (applyServerFieldErrors(form, error, formFields)) return;
      const field = error instanceof ApiError ? fieldOfCode[error.code] : undefined;
      if (field) form.setFields([{ name: field, errors: [feedback.errorText(error)] }]);
      else feedback.error(error);
    }
  };

  const initialValues: Partial<UserFormValues> = user
    ? {
        username: user.username,
        realname: user.realname,
        sex: user.sex,
        email: user.email ?? '',
        phone: user.phone ?? '',
        company: user.company ?? '',
        address: user.address ?? '',
        code: user.code ?? '',
      }
    : {};

  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      width={800}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('form.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'user-form', loading: saving }}
      mask={{ closable: false }}
    >
      <Form form={form} name="user-form" layout="vertical" initialValues={initialValues} onFinish={submit} disabled={saving}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('fields.username')}
              validateFirst
              validateTrigger={['onChange', 'onBlur']}
              rules={
                editing
                  ? []
                  : [
                      { required: true, whitespace: true, message: t('validation.usernameRequired') },
                      { pattern: patterns.username, message: t('validation.usernamePattern', { min: limits.usernameMin, max: limits.usernameMax }) },
                      uniqueRule(t, 'username', undefined),
                    ]
              }
            >
              {/* The user name is the sign-in name; it cannot change after creation. */}
              <Input disabled={editing} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="realname"
              label={t('fields.realname')}
              rules={[
                { required: true, whitespace: true, message: t('validation.realnameRequired') },
                { max: limits.realnameMax, message: t('validation.maxLength', { max: limits.realnameMax }) },
              ]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          {!editing && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="password" label={t('fields.password')} rules={passwordRules(t)} validateFirst>
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="confirmpassword"
                  label={t('fields.confirmPassword')}
                  dependencies={['password']}
                  rules={confirmPasswordRules(t, 'password')}
                  validateFirst
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="selectedroles" label={t('fields.roles')}>
              <Select
                mode="multiple"
                allowClear
                loading={roles.isLoading || userRoles.isLoading}
                options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
                optionFilterProp="label"
                placeholder={t('form.rolesPlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="selecteddeparts" label={t('fields.departs')}>
              <TreeSelect
                multiple
                allowClear
                treeDefaultExpandAll
                loading={departTree.isLoading || userDeparts.isLoading}
                treeData={departTree.data ?? []}
                fieldNames={{ label: 'title', value: 'value', children: 'children' }}
                treeNodeFilterProp="title"
                placeholder={t('form.departsPlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sex" label={t('fields.sex')}>
              <Select allowClear options={sexOptions(t)} placeholder={t('search.selectPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('fields.email')}
              validateFirst
              validateTrigger={['onChange', 'onBlur']}
              rules={[{ pattern: patterns.email, message: t('validation.email') }, uniqueRule(t, 'email', user?.id)]}
            >
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('fields.phone')}
              validateFirst
              validateTrigger={['onChange', 'onBlur']}
              rules={[{ pattern: patterns.mobile, message: t('validation.mobile') }, uniqueRule(t, 'phone', user?.id)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="company" label={t('fields.company')} rules={[{ max: limits.companyMax, message: t('validation.maxLength', { max: limits.companyMax }) }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('fields.code')} rules={[{ max: 32, message: t('validation.maxLength', { max: 32 }) }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={t('fields.address')} rules={[{ max: limits.addressMax, message: t('validation.maxLength', { max: limits.addressMax }) }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
