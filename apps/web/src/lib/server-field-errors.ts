import type { FormInstance } from 'antd';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field errors (`ApiError.errors`) on the matching form fields.
 * Returns false when none matched, so the caller falls back to a toast.
 */
export const applyServerFieldErrors = (form: FormInstance, error: unknown, fieldNames: readonly string[]): boolean => {
  if (!(error instanceof ApiError)) return false;
  const byField = new Map<string, string[]>();
  for (const { field, message } of error.errors) {
    // The server may prefix the location ("body.realname"); the last segment is the field.
    const name = field.split('.').pop() ?? field;
    if (fieldNames.includes(name)) byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return true;
};
