import { Suspense, useState } from 'react';
import { onDemand } from '@/lib/on-demand';
import { AdvancedQueryButton } from './advanced-query-button';
import { readValue } from './conditions';
import type { AdvancedQueryField, AdvancedQueryValue } from './types';

// The builder (its inputs bring the date picker and number input) loads when first opened, or
// when the pointer or focus reaches the button.
const builder = onDemand(() => import('./advanced-query-modal').then((module) => ({ default: module.AdvancedQueryModal })));

export interface AdvancedQueryProps {
  /** The fields the screen lets users query. */
  fields: AdvancedQueryField[];
  /** Names the screen's saved queries, typically its route path. */
  storageKey: string;
  /** The query in force (the screen keeps it in the URL); null when none. */
  value: AdvancedQueryValue | null;
  /** A query to apply, or null once it is reset. */
  onChange: (value: AdvancedQueryValue | null) => void;
}

/** The advanced query button for a screen's search bar, and the builder it opens. */
export function AdvancedQuery({ fields, storageKey, value, onChange }: AdvancedQueryProps) {
  const [open, setOpen] = useState(false);
  // Each opening remounts the builder so its rows start from the query in force, not from edits
  // that were closed without querying.
  const [opening, setOpening] = useState(0);
  const count = readValue(value, fields).rows.length;
  return (
    <>
      <AdvancedQueryButton
        count={count}
        onIntent={builder.preload}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      />
      {opening > 0 && (
        <Suspense fallback={null}>
          <builder.Component key={opening} open={open} fields={fields} storageKey={storageKey} value={value} onChange={onChange} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
