import { fields, patterns } from '@cellsight/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { i18n } from './i18n';

type Issue = z.core.$ZodIssue;

/** The validation message key of each shared pattern (spec section 5), so a form says it in the console's language. */
const patternKeys = new Map<string, string>(
  (Object.entries(patterns) as [string, RegExp][]).map(([name, pattern]) => [pattern.source, name]),
);

/**
 * One contract issue in the console's language. A field's own message comes first where the
 * validation namespace has one (`usernameRequired`, `password`: the spec's texts, section 5), then a
 * contract refinement's own key (`params.messageKey`), then the shared pattern, length and range texts.
 */
export const issueText = (issue: Issue, t: TFunction, field = String(issue.path[0] ?? '')): string => {
  const own = (key: string) => (field && i18n.exists(`validation:${key}`) ? t(`validation:${key}`) : undefined);
  const missing = issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1);
  if (missing) return own(`${field}Required`) ?? t('validation:required');
  const messageKey = issue.code === 'custom' ? (issue.params as { messageKey?: string } | undefined)?.messageKey : undefined;
  if (messageKey) return t(`validation:${messageKey}`);
  const fieldText = own(field);
  if (fieldText) return fieldText;
  switch (issue.code) {
    case 'too_small':
      return t(issue.origin === 'string' ? 'validation:minLength' : 'validation:minValue', { min: Number(issue.minimum) });
    case 'too_big':
      return t(issue.origin === 'string' ? 'validation:maxLength' : 'validation:maxValue', { max: Number(issue.maximum) });
    case 'invalid_format': {
      const key = issue.format === 'regex' && 'pattern' in issue ? patternKeys.get(String(issue.pattern).replace(/^\/|\/[a-z]*$/g, '')) : undefined;
      return key && i18n.exists(`validation:${key}`) ? t(`validation:${key}`) : t('validation:format');
    }
    default:
      return t('validation:format');
  }
};

/**
 * The form rule of one field, from the contract's own schema of that field: the form checks exactly
 * what the server will, with no second copy of the rules. Empty inputs count as "not given".
 */
export const contractRule = (schema: z.ZodType, t: TFunction, field = ''): FormRule => ({
  validator: async (_rule, value: unknown) => checkContract(schema, value, t, field),
});

/** Checks one form value against its contract schema; throws the issue's text in the console's language. */
export const checkContract = (schema: z.ZodType, value: unknown, t: TFunction, field = ''): void => {
  const given = typeof value === 'string' && value.trim() === '' ? undefined : fitValue(schema, value);
  const result = schema.safeParse(given);
  if (!result.success && result.error.issues[0]) throw new Error(issueText(result.error.issues[0], t, field));
};

/** `checkContract` with one of the contract's shared field schemas, by name (lib/lazy-contract-rule.ts). */
export const checkField = (name: keyof typeof fields, value: unknown, t: TFunction, field: string = name): void => checkContract(fields[name], value, t, field);

/**
 * A form value as its schema wants it: dictionary selects hold text ('2') where a schema may want the
 * number (sex 2), and multi-selects hold arrays where the wire wants a comma-joined list.
 */
export const fitValue = (schema: z.ZodType, value: unknown): unknown => {
  if (schema.safeParse(value).success) return value;
  if (Array.isArray(value) && schema.safeParse(value.join(',')).success) return value.join(',');
  if (typeof value === 'string' && value.trim() !== '' && schema.safeParse(Number(value)).success) return Number(value);
  return value;
};

/** Whether a field's schema accepts "not given" (antd shows the required mark otherwise). */
export const isRequired = (schema: z.ZodType): boolean => !schema.safeParse(undefined).success;

/** Server refusals of a field in the console's language where the message is a known one. */
export const serverFieldText = (message: string, t: TFunction): string => (message === 'already exists' || message === 'This value already exists' ? t('validation:taken') : message);

/** A confirmation that must equal another field (the contract checks it on submit too; this says so while typing). */
export const sameAsRule = (field: string, t: TFunction, mismatch: string = t('validation:passwordMismatch')): FormRule => ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    if (value && value !== getFieldValue(field)) throw new Error(mismatch);
  },
});

/** Required in this form though the contract lets the wire omit it (a confirmation), with the field's own message. */
export const requiredRule = (field: string, t: TFunction): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      throw new Error(i18n.exists(`validation:${field}Required`) ? t(`validation:${field}Required`) : t('validation:required'));
    }
  },
});
