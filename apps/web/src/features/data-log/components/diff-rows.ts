/** One field of two record states side by side. */
export interface DiffRow {
  field: string;
  left: string;
  right: string;
  changed: boolean;
}

/** A logged value as text: nothing for null, JSON for lists and objects. */
export const shownValue = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** Every field of either state, in name order, marked where the two differ. */
export const diffRows = (left: Record<string, unknown> | null, right: Record<string, unknown> | null): DiffRow[] => {
  const fields = [...new Set([...Object.keys(left ?? {}), ...Object.keys(right ?? {})])].sort((a, b) => a.localeCompare(b));
  return fields.map((field) => {
    const before = shownValue(left?.[field]);
    const after = shownValue(right?.[field]);
    return { field, left: before, right: after, changed: before !== after };
  });
};
