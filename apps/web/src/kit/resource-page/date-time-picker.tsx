import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const dateTimeFormat = 'YYYY-MM-DD HH:mm';

export interface DateTimeInputProps {
  id?: string;
  /** An ISO 8601 time, as the wire carries it. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Times after now are not offered (a change that already happened). */
  notAfterNow?: boolean;
}

/**
 * A form's date and time, picked in the browser's time zone; the form's value is ISO 8601 text
 * (UTC), so the request carries it as the contract reads it. Loaded on demand (`date-time-input.tsx`).
 */
export default function DateTimePicker({ id, value, onChange, notAfterNow = false }: DateTimeInputProps) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format={dateTimeFormat}
      style={{ width: '100%' }}
      value={date?.isValid() ? date : null}
      disabledDate={notAfterNow ? (day: Dayjs) => day.isAfter(dayjs(), 'day') : undefined}
      onChange={(next) => onChange?.(next ? next.toISOString() : undefined)}
    />
  );
}
