import type { MemberRecord } from '@cellsight/contract';
import { Input } from 'antd';
import type { ResourceForm } from '@/components/resource-page';
import { sameAsRule } from '@/lib/contract-rules';
import { i18n } from '@/lib/i18n';
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
  wide: ['address'],
  required: ['confirmpassword'],
  rules: { confirmpassword: [sameAsRule('password', i18n.t)] },
  inputs: (member) => ({
    // The user name is the sign-in name; it cannot change after creation.
    username: <Input disabled={member !== null} autoComplete="off" />,
    password: <Input.Password autoComplete="new-password" />,
    confirmpassword: <Input.Password autoComplete="new-password" />,
    accountType: <MemberTypeSelect />,
    superiorId: <MemberSuperiorSelect />,
    address: <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />,
  }),
};
