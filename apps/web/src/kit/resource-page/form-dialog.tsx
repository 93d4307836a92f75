import type { Resource } from '@cellsight/contract';
import { Suspense } from 'react';
import { onDemand } from '@/lib/on-demand';
import type { ResourceFormDialogProps } from './resource-form-dialog';

// The dialog brings the form, the contract's rule checking and the inputs of every field: it loads
// when a form is first opened, or when the pointer or focus reaches a button that opens one.
const dialog = onDemand(() => import('./resource-form-dialog'));

/** Loads the add/edit dialog ahead of its first opening (hover or focus on Add or Edit). */
export const preloadFormDialog = dialog.preload;

/** Add or edit one record (`resource-form-dialog.tsx`), downloaded when first shown. */
export function ResourceFormDialog<R extends Resource>(props: ResourceFormDialogProps<R>) {
  return (
    <Suspense fallback={null}>
      <dialog.Component {...(props as unknown as ResourceFormDialogProps<Resource>)} />
    </Suspense>
  );
}
