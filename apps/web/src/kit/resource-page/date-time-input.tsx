import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { onDemand } from '@/lib/on-demand';
import type { DateTimeInputProps } from './date-time-picker';

// The date picker (rc-picker, dayjs plugins) loads with the first form that shows a date and time.
const picker = onDemand(() => import('./date-time-picker'));

/** A form's date and time (`date-time-picker.tsx`), downloaded when first shown. */
export function DateTimeInput(props: DateTimeInputProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block />}>
      <picker.Component {...props} />
    </Suspense>
  );
}
