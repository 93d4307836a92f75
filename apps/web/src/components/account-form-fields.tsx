import type { FormRule } from 'antd';
import { Input } from 'antd';
import type { FieldInputs } from '@/kit/resource-page';
import { sameAsRule } from '@/lib/contract-rules';
import { i18n } from '@/lib/i18n';

/**
 * What every account form (Users, Members) does with the sign-in fields: the user name is fixed
 * once created, the initial password is confirmed, the address takes lines.
 */
export const accountFormFields = {
  required: ['confirmpassword'],
  rules: { confirmpassword: [sameAsRule('password', i18n.t)] } as Record<string, FormRule[]>,
  wide: ['address'],
  inputs: (editing: boolean): FieldInputs => ({
    // The user name is the sign-in name; it cannot change after creation.
    username: <Input disabled={editing} autoComplete="off" />,
    password: <Input.Password autoComplete="new-password" />,
    confirmpassword: <Input.Password autoComplete="new-password" />,
    address: <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />,
  }),
} as const;
