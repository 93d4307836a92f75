import { type UserRecord, userEndpoints } from '@cellsight/contract';
import { accountFormFields } from '@/components/account-form-fields';
import { DepartTreeSelect } from '@/components/pickers/depart-tree-select';
import { RolePicker } from '@/components/pickers/role-picker';
import type { ResourceForm } from '@/kit/resource-page';
import { SuperiorSelect } from '../components/superior-select';
import { api } from '@/lib/api-client';

const editFields = ['username', 'realname', 'selectedroles', 'selecteddeparts', 'accountType', 'superiorId', 'sex', 'email', 'phone', 'company', 'code', 'workNo', 'address'] as const;

/**
 * The user form on the kit: the contract's add and edit schemas give every rule (the spec's
 * messages come from the validation namespace); roles and departments load with the edited user;
 * the account type and superior place the user in the hierarchy that decides which stations it sees.
 */
export const userForm: ResourceForm<UserRecord> = {
  fields: ['username', 'realname', 'password', 'confirmpassword', ...editFields.slice(2)],
  editFields,
  ...accountFormFields,
  inputs: (user) => ({
    ...accountFormFields.inputs(user !== null),
    selectedroles: <RolePicker multiple />,
    selecteddeparts: <DepartTreeSelect multiple />,
    superiorId: <SuperiorSelect />,
  }),
  load: async (user) => {
    const [roles, departs] = await Promise.all([
      api.call(userEndpoints.roleIds, { query: { userid: user.id } }),
      api.call(userEndpoints.departs, { query: { userId: user.id } }),
    ]);
    return { selectedroles: roles.result, selecteddeparts: departs.result.map((depart) => depart.key) };
  },
};
