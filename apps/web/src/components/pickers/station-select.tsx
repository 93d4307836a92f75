import { stationResource } from '@cellsight/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceList } from '@/kit/resource-page';

interface StationSelectProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** What the empty picker says; 'Any station' (a filter) unless given. */
  placeholder?: string;
}

/** The stations the user sees, by name, for a list's station filter; loaded when first opened (or when a station is chosen). */
export function StationSelect({ id, value, onChange, placeholder }: StationSelectProps) {
  const { t } = useTranslation('pickers');
  const [opened, setOpened] = useState(false);
  const stations = useResourceList(stationResource, { pageNo: 1, pageSize: 100, column: 'name', order: 'asc' }, opened || Boolean(value));
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 200 }}
      placeholder={placeholder ?? t('station.any')}
      loading={stations.isFetching}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      onOpenChange={(open) => open && setOpened(true)}
      options={(stations.data?.records ?? []).map((station) => ({ value: station.id, label: station.name }))}
    />
  );
}
