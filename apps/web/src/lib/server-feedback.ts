import type { Envelope } from '@cellsight/contract';
import { App, type FormInstance } from 'antd';
import { ApiError } from './api-client';
import { errorMessage, messageForCode } from './notify';

/** Toasts for server answers inside React: the code's translation, else the server's own message. */
export const useServerFeedback = () => {
  const { message } = App.useApp();
  return {
    errorText: errorMessage,
    success: (envelope: Envelope<unknown>, fallback: string) => {
      void message.success(messageForCode(envelope.code, fallback));
    },
    error: (error: unknown) => {
      void message.error(errorMessage(error));
    },
  };
};

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
