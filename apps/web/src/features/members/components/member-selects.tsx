import { type AccountType, superiorTypesOf } from '@cellsight/contract';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { dictOptions } from '@/components/dict-select';
import { SuperiorSelect } from '@/components/pickers/superior-select';
import { useMemberOptions } from '../api/members';

interface ValueProps<T> {
  id?: string;
  value?: T | null;
  onChange?: (value: T | null) => void;
}

/** The account types the user may create (a distributor: installers and end users; an installer: end users). */
export function MemberTypeSelect({ id, value, onChange }: ValueProps<AccountType>) {
  const options = useMemberOptions();
  const text = (type: string) => dictOptions('account_type').find((item) => item.value === type)?.text ?? type;
  return (
    <Select<AccountType>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      loading={options.isFetching}
      options={(options.data?.accountTypes ?? []).map((type) => ({ value: type, label: text(type) }))}
    />
  );
}

/** The account type of the form this select is in (the add form's chosen type). */
const useFormAccountType = (): AccountType | undefined => Form.useWatch<AccountType | undefined>('accountType', Form.useFormInstance());

/**
 * Where a member may go: the user itself or an installer or distributor of its branch, of a type
 * that can stand above `accountType` (the form's chosen type unless given; 'any' offers all).
 */
export function MemberSuperiorSelect({ accountType, exclude, ...props }: ValueProps<string> & { accountType?: AccountType | 'any'; exclude?: string }) {
  // Loaded when first opened (or when an account is chosen): a search bar does not ask before it is used.
  const [opened, setOpened] = useState(false);
  const options = useMemberOptions(opened || Boolean(props.value));
  const formType = useFormAccountType();
  const type = accountType ?? formType;
  const fits = (candidate: AccountType) => type === 'any' || type === undefined || superiorTypesOf[type].includes(candidate);
  const accounts = (options.data?.superiors ?? []).filter((account) => account.id !== exclude && fits(account.accountType));
  return <SuperiorSelect {...props} onOpenChange={(open) => open && setOpened(true)} accounts={accounts} loading={options.isFetching} failed={options.isError} />;
}

