import { batteryResource } from '@cellsight/contract';
import { Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StationSelect } from '@/components/pickers/station-select';
import { useResourceList } from '@/kit/resource-page';

/** Search debounce (spec section 9). */
const searchDebounceMs = 300;

interface PickerProps {
  value: string;
  onChange: (value: string) => void;
}

/** A battery of the caller's, found by part of its SN (the first 10 matches). */
export function BatteryPicker({ value, onChange }: PickerProps) {
  const { t } = useTranslation('history');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const batteries = useResourceList(batteryResource, { pageNo: 1, pageSize: 10, column: 'batterySn', order: 'asc', batterySn: term ? `*${term}*` : undefined }, opened);
  const options = (batteries.data?.records ?? []).map((battery) => ({ value: battery.batterySn, label: battery.alias ? `${battery.batterySn} (${battery.alias})` : battery.batterySn }));
  return (
    <Select<string>
      showSearch
      filterOption={false}
      aria-label={t('battery.picker')}
      placeholder={t('battery.pickerHint')}
      style={{ minWidth: 260 }}
      loading={batteries.isFetching}
      value={value || undefined}
      onSearch={setTyped}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(next) => onChange(next ?? '')}
      notFoundContent={batteries.isFetching ? undefined : t('battery.noMatch')}
      options={value && !options.some((option) => option.value === value) ? [{ value, label: value }, ...options] : options}
    />
  );
}

/** A station the caller sees, by name (the shared station picker, labelled for this screen). */
export function StationPicker({ value, onChange }: PickerProps) {
  const { t } = useTranslation('history');
  return (
    <Space>
      <label htmlFor="history-station">{t('station.picker')}</label>
      <StationSelect id="history-station" value={value || null} placeholder={t('station.pickerHint')} onChange={(next) => onChange(next ?? '')} />
    </Space>
  );
}
