import { DatePicker } from 'antd';
import dayjs from 'dayjs';

type DayRange = readonly (string | null | undefined)[];

export interface DateRangeInputProps {
  value?: DayRange | null;
  onChange?: (value: DayRange | undefined) => void;
  id?: string;
}

const dayFormat = 'YYYY-MM-DD';

/**
 * A search bar's date range: two days as `YYYY-MM-DD` text (the form's value stays plain text, so
 * it can be kept in the URL), either end may stay open. Loaded on demand (`date-range-input.tsx`).
 */
export default function DateRangePicker({ value, onChange, id }: DateRangeInputProps) {
  const day = (text: string | null | undefined) => (text ? dayjs(text) : null);
  return (
    <DatePicker.RangePicker
      id={id}
      format={dayFormat}
      allowEmpty={[true, true]}
      value={value ? [day(value[0]), day(value[1])] : null}
      onChange={(dates) => onChange?.(dates ? [dates[0]?.format(dayFormat) ?? null, dates[1]?.format(dayFormat) ?? null] : undefined)}
    />
  );
}
