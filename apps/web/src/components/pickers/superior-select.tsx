import type { AccountType } from '@cellsight/contract';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictOptions } from '@/components/dict-select';

/** An account that can stand above another (spec section 6): a distributor, or an installer above end users. */
export interface SuperiorOption {
  id: string;
  username: string;
  realname: string;
  accountType: AccountType;
}

type SuperiorSelectProps = Omit<SelectProps<string>, 'options' | 'value' | 'onChange' | 'showSearch' | 'loading'> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The accounts offered; the caller loads them (the Users screen its tenant's, the Members screen the caller's branch). */
  accounts: readonly SuperiorOption[] | undefined;
  loading?: boolean;
  failed?: boolean;
};

/** Picks a superior, each shown as "name (user name) – type"; the server checks that the type fits the account. */
export function SuperiorSelect({ value, onChange, accounts, loading, failed, ...props }: SuperiorSelectProps) {
  const { t } = useTranslation('pickers');
  const typeText = (type: string) => dictOptions('account_type').find((item) => item.value === type)?.text ?? type;
  return (
    <Select<string>
      allowClear
      style={{ minWidth: 190 }}
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={props.placeholder ?? t('superior.placeholder')}
      loading={loading}
      notFoundContent={failed ? t('superior.loadFailed') : undefined}
      options={(accounts ?? []).map((account) => ({ value: account.id, label: `${account.realname} (${account.username}) – ${typeText(account.accountType)}` }))}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}
