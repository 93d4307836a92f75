import { departEndpoints, departResource } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

/**
 * The department tree for pickers (`queryIdTree`). Kept under the department resource's path, so
 * adding, renaming or deleting a department refreshes every picker.
 */
export const useDepartIdTree = (enabled = true) =>
  useQuery({
    queryKey: [departResource.path, 'idTree'],
    queryFn: async () => (await api.call(departEndpoints.idTree)).result,
    enabled,
    staleTime: 60_000,
  });

type DepartTreeSelectProps = Omit<TreeSelectProps<string | string[]>, 'treeData' | 'value' | 'onChange' | 'multiple' | 'showSearch'> & {
  /** Department id, or ids when `multiple`. */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
};

/** Picks one department, or several with `multiple`, from the whole tree; searchable by name. */
export function DepartTreeSelect({ value, onChange, multiple = false, placeholder, ...props }: DepartTreeSelectProps) {
  const { t } = useTranslation('pickers');
  const tree = useDepartIdTree();
  return (
    <TreeSelect<string | string[]>
      allowClear
      treeDefaultExpandAll
      style={{ minWidth: 190 }}
      {...props}
      // Each department on its own: picking a parent does not pick its sub-departments.
      multiple={multiple}
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder ?? t('depart.placeholder')}
      loading={tree.isFetching}
      notFoundContent={tree.isError ? t('loadFailed') : undefined}
      treeData={tree.data ?? []}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
    />
  );
}
