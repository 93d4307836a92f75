import { roleEndpoints, roleResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

type RolePickerProps = Omit<SelectProps<string | string[]>, 'options' | 'mode' | 'value' | 'onChange' | 'showSearch'> & {
  /** Role id, or ids when `multiple`. */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
};

/**
 * Picks roles from every role (`/sys/role/queryall`), each shown as "name (code)" and searchable by
 * either. Kept under the role resource's path, so changed roles refresh it.
 */
export function RolePicker({ value, onChange, multiple = false, placeholder, ...props }: RolePickerProps) {
  const { t } = useTranslation('pickers');
  const roles = useQuery({
    queryKey: [roleResource.path, 'queryall'],
    queryFn: async () => (await api.call(roleEndpoints.options)).result,
    staleTime: 60_000,
  });
  return (
    <Select<string | string[]>
      allowClear
      style={{ minWidth: 190 }}
      {...props}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('role.placeholder')}
      loading={roles.isFetching}
      notFoundContent={roles.isError ? t('loadFailed') : undefined}
      options={(roles.data ?? []).map((role) => ({ value: role.id, label: `${role.roleName} (${role.roleCode})` }))}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
    />
  );
}
