import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { onDemand } from '@/lib/on-demand';
import type { DateTimeInputProps } from './date-time-picker';

// The date picker (rc-picker, dayjs plugins) loads with the first form that shows a date and time.
const picker = onDemand(() => import('./date-time-picker'));

/**
 * An optional date and time of a form; cleared, it is sent empty, so an edit clears the stored time
 * instead of keeping it (a tenant's validity, when an announcement shows).
 */
export function OptionalDateTimeInput({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (value: string) => void }) {
  return <DateTimeInput id={id} value={value} onChange={(next) => onChange?.(next ?? '')} />;
}

/** A form's date and time (`date-time-picker.tsx`), downloaded when first shown. */
export function DateTimeInput(props: DateTimeInputProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <picker.Component {...props} />
    </Suspense>
  );
}
