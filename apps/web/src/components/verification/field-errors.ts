import { ServerCode } from '@cellsight/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '@/lib/api-client';
import { messageForCode } from '@/lib/notify';
import { applyServerFieldErrors } from '@/lib/server-field-errors';

/** Codes whose catalogue text (spec section 8) says what is wrong with the field better than the server's English. */
const fieldCodes = new Set<number>([
  ServerCode.USERNAME_REGISTERED,
  ServerCode.MOBILE_REGISTERED,
  ServerCode.EMAIL_REGISTERED,
  ServerCode.VERIFICATION_CODE_INVALID,
  ServerCode.VERIFICATION_CODE_WRONG,
  ServerCode.CODE_ALREADY_USED,
  ServerCode.PASSWORDS_DO_NOT_MATCH,
  ServerCode.CHANGING_MOBILE_FAILED,
  ServerCode.WRONG_CREDENTIALS,
]);

/**
 * Puts a refusal on the form field it names, in the console's language where its code has a text;
 * false when it names none of `fields` (the caller then shows it as a message).
 */
export const showOnFields = (form: FormInstance, error: unknown, fields: readonly string[]): boolean => {
  if (error instanceof ApiError && fieldCodes.has(error.code)) {
    const field = error.errors.map((e) => e.field.split('.').pop() ?? e.field).find((name) => fields.includes(name));
    if (field) {
      form.setFields([{ name: field, errors: [messageForCode(error.code)] }]);
      return true;
    }
  }
  return applyServerFieldErrors(form, error, fields);
};
