import { AccountType, type Page, type UserRecord, userResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

type SuperiorSelectProps = Omit<SelectProps<string>, 'options' | 'value' | 'onChange' | 'showSearch'> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/** Accounts that can stand above another (spec section 6): distributors, and installers (above end users). */
const superiorTypes = [AccountType.Distributor, AccountType.Installer];

/**
 * Picks a user's superior among the distributors and installers the administrator sees, each shown
 * as "name (user name) – type"; the server checks that the type fits the account.
 */
export function SuperiorSelect({ value, onChange, ...props }: SuperiorSelectProps) {
  const { t } = useTranslation('users');
  const superiors = useQuery({
    queryKey: [userResource.path, 'superiors'],
    queryFn: async () => {
      const pages = await Promise.all(superiorTypes.map((accountType) => api.get<Page<UserRecord>>(`${userResource.path}/list`, { accountType, pageSize: 1000, column: 'realname', order: 'asc' })));
      return pages.flatMap((page) => page.result.records);
    },
    staleTime: 60_000,
  });
  return (
    <Select<string>
      allowClear
      style={{ minWidth: 190 }}
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('superior.placeholder')}
      loading={superiors.isFetching}
      notFoundContent={superiors.isError ? t('superior.loadFailed') : undefined}
      options={(superiors.data ?? []).map((user) => ({ value: user.id, label: `${user.realname} (${user.username}) – ${user.accountType_dictText ?? user.accountType}` }))}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}
