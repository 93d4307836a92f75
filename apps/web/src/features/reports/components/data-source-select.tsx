import { Permission, dataSourceResource } from '@cellsight/contract';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useResourceList } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';

interface DataSourceSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}

/** The data source a report runs on, by code; empty: the platform's own database (the report views). Typed in by whoever may not list data sources. */
export function DataSourceSelect({ value, onChange, id }: DataSourceSelectProps) {
  const { t } = useTranslation('reports');
  const mayList = useHasPermission(Permission.DataSourceList);
  const list = useResourceList(dataSourceResource, { pageSize: 100, column: 'code', order: 'asc' }, mayList);
  if (!mayList) return <Input id={id} value={value ?? ''} onChange={(event) => onChange?.(event.target.value || null)} placeholder={t('platformDatabase')} autoComplete="off" />;
  return (
    <Select
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      placeholder={t('platformDatabase')}
      loading={list.isLoading}
      options={(list.data?.records ?? []).map((source) => ({ value: source.code, label: `${source.name} (${source.code})` }))}
    />
  );
}
