import type { UserRecord } from '@cellsight/contract';
import { Input } from 'antd';
import { DepartTreeSelect } from '@/components/pickers/depart-tree-select';
import { RolePicker } from '@/components/pickers/role-picker';
import type { ResourceForm } from '@/components/resource-page';
import { SuperiorSelect } from '../components/superior-select';
import { api } from '@/lib/api-client';
import { sameAsRule } from '@/lib/contract-rules';
import { i18n } from '@/lib/i18n';

const editFields = ['username', 'realname', 'selectedroles', 'selecteddeparts', 'accountType', 'superiorId', 'sex', 'email', 'phone', 'company', 'code', 'address'] as const;

/**
 * The user form on the kit: the contract's add and edit schemas give every rule (the spec's
 * messages come from the validation namespace); roles and departments load with the edited user;
 * the account type and superior place the user in the hierarchy that decides which stations it sees.
 */
export const userForm: ResourceForm<UserRecord> = {
  fields: ['username', 'realname', 'password', 'confirmpassword', ...editFields.slice(2)],
  editFields,
  wide: ['address'],
  required: ['confirmpassword'],
  rules: { confirmpassword: [sameAsRule('password', i18n.t)] },
  inputs: (user) => ({
    // The user name is the sign-in name; it cannot change after creation.
    username: <Input disabled={user !== null} autoComplete="off" />,
    password: <Input.Password autoComplete="new-password" />,
    confirmpassword: <Input.Password autoComplete="new-password" />,
    selectedroles: <RolePicker multiple />,
    selecteddeparts: <DepartTreeSelect multiple />,
    superiorId: <SuperiorSelect />,
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
