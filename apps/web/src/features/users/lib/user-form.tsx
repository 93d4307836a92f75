import type { UserRecord } from '@cellsight/contract';
import { Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceForm } from '@/components/resource-page';
import { api } from '@/lib/api-client';
import { requiredRule, sameAsRule } from '@/lib/contract-rules';
import { i18n } from '@/lib/i18n';
import { useDepartTree } from '../api/get-departs';
import { useRoles } from '../api/get-roles';

/** Roles to assign, loaded when the form opens. */
function RoleSelect(props: { value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const { t } = useTranslation('users');
  const roles = useRoles(true);
  return <Select {...props} mode="multiple" allowClear loading={roles.isLoading} optionFilterProp="label" placeholder={t('form.rolesPlaceholder')} options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))} />;
}

/** Departments to place the user in, loaded when the form opens. */
function DepartSelect(props: { value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const { t } = useTranslation('users');
  const tree = useDepartTree(true);
  return <TreeSelect {...props} multiple allowClear treeDefaultExpandAll loading={tree.isLoading} treeData={tree.data ?? []} fieldNames={{ label: 'title', value: 'value', children: 'children' }} treeNodeFilterProp="title" placeholder={t('form.departsPlaceholder')} />;
}

const editFields = ['username', 'realname', 'selectedroles', 'selecteddeparts', 'sex', 'email', 'phone', 'company', 'code', 'address'] as const;

/**
 * The user form on the kit: the contract's add and edit schemas give every rule (the spec's
 * messages come from the validation namespace); roles and departments load with the edited user.
 */
export const userForm: ResourceForm<UserRecord> = {
  fields: ['username', 'realname', 'password', 'confirmpassword', ...editFields.slice(2)],
  editFields,
  wide: ['address'],
  rules: { confirmpassword: [requiredRule('confirmpassword', i18n.t), sameAsRule('password', i18n.t)] },
  inputs: (user) => ({
    // The user name is the sign-in name; it cannot change after creation.
    username: <Input disabled={user !== null} autoComplete="off" />,
    password: <Input.Password autoComplete="new-password" />,
    confirmpassword: <Input.Password autoComplete="new-password" />,
    selectedroles: <RoleSelect />,
    selecteddeparts: <DepartSelect />,
    address: <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />,
  }),
  load: async (user) => {
    const [roles, departs] = await Promise.all([
      api.get<string[]>('/sys/user/queryUserRole', { userid: user.id }),
      api.get<{ key: string }[]>('/sys/user/userDepartList', { userId: user.id }),
    ]);
    return { selectedroles: roles.result, selecteddeparts: departs.result.map((depart) => depart.key) };
  },
};
