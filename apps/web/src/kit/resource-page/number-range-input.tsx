import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { onDemand } from '@/lib/on-demand';
import type { NumberRangeInputProps } from './number-range-fields';

// The number inputs load with the first screen that shows a number range filter.
const fields = onDemand(() => import('./number-range-fields'));

/** A search bar's number range (`number-range-fields.tsx`), downloaded when first shown. */
export function NumberRangeInput(props: NumberRangeInputProps) {
  return (
    <Suspense fallback={<Skeleton.Input active style={{ width: 180 }} />}>
      <fields.Component {...props} />
    </Suspense>
  );
}
