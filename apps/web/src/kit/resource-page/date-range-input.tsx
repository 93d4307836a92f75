import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { onDemand } from '@/lib/on-demand';
import type { DateRangeInputProps } from './date-range-picker';

// The date picker (rc-picker, dayjs plugins) loads with the first screen that shows a date filter.
const picker = onDemand(() => import('./date-range-picker'));

/** A search bar's date range (`date-range-picker.tsx`), downloaded when first shown. */
export function DateRangeInput(props: DateRangeInputProps) {
  return (
    <Suspense fallback={<Skeleton.Input active style={{ width: 256 }} />}>
      <picker.Component {...props} />
    </Suspense>
  );
}
