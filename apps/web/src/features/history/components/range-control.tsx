import { DatePicker, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { RangeQuery } from '../api/history-api';

const dayFormat = 'YYYY-MM-DD';
const pickerOf = { day: 'date', month: 'month', year: 'year' } as const;

interface RangeControlProps<R extends string> {
  ranges: readonly R[];
  value: RangeQuery<R>;
  onChange: (next: RangeQuery<R>) => void;
}

/**
 * The range tabs (day, month, year, then custom or total) and the day, month or year to show, all
 * in the station's zone; no day chosen means today there.
 */
export function RangeControl<R extends string>({ ranges, value, onChange }: RangeControlProps<R>) {
  const { t } = useTranslation('history');
  const range = value.range as string;
  const picker = pickerOf[range as keyof typeof pickerOf];
  const parse = (day: string | undefined) => (day ? dayjs(day, dayFormat) : null);
  return (
    <Space wrap>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        aria-label={t('range.label')}
        value={value.range}
        onChange={(event) => onChange({ range: event.target.value as R, date: value.date })}
        options={ranges.map((name) => ({ value: name, label: t(`range.${name}`) }))}
      />
      {picker && (
        <DatePicker
          picker={picker}
          aria-label={t(`range.pick.${range}`)}
          placeholder={t(`range.current.${range}`)}
          value={parse(value.date)}
          onChange={(day: Dayjs | null) => onChange({ range: value.range, date: day ? day.format(dayFormat) : undefined })}
        />
      )}
      {range === 'custom' && (
        <DatePicker.RangePicker
          aria-label={t('range.pick.custom')}
          value={[parse(value.begin), parse(value.end)]}
          onChange={(days) => onChange({ range: value.range, begin: days?.[0]?.format(dayFormat), end: days?.[1]?.format(dayFormat) })}
        />
      )}
    </Space>
  );
}
