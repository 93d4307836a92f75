import type { MemberRecord } from '@cellsight/contract';
import { accountFormFields } from '@/components/account-form-fields';
import type { ResourceForm } from '@/kit/resource-page';
import { MemberSuperiorSelect, MemberTypeSelect } from '../components/member-selects';

const ownFields = ['sex', 'email', 'phone', 'company', 'code', 'address'] as const;

/**
 * The member form on the kit (spec section 3, "User account"): account, name, initial password,
 * role (the account types the user may create) and superior (the user or an account of its branch
 * that can stand above that type), then the account's own fields. Editing keeps type and superior: a move changes it.
 */
export const memberForm: ResourceForm<MemberRecord> = {
  fields: ['username', 'realname', 'password', 'confirmpassword', 'accountType', 'superiorId', ...ownFields],
  editFields: ['username', 'realname', ...ownFields],
  ...accountFormFields,
  inputs: (member) => ({
    ...accountFormFields.inputs(member !== null),
    accountType: <MemberTypeSelect />,
    superiorId: <MemberSuperiorSelect />,
  }),
};
