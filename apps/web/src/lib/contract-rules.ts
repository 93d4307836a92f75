import { patterns } from '@cellsight/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** The validation message key of each shared pattern (spec section 5), so a form says it in the console's language. */
const patternKeys = new Map<string, string>(
  (Object.entries(patterns) as [string, RegExp][]).map(([name, pattern]) => [pattern.source, name]),
);

/** One contract issue in the console's language: required, lengths, ranges and known patterns by name; else "invalid". */
export const issueText = (issue: Issue, t: TFunction): string => {
  switch (issue.code) {
    case 'invalid_type':
      return t('validation:required');
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1 ? t('validation:required') : t(issue.origin === 'string' ? 'validation:minLength' : 'validation:minValue', { min: Number(issue.minimum) });
    case 'too_big':
      return t(issue.origin === 'string' ? 'validation:maxLength' : 'validation:maxValue', { max: Number(issue.maximum) });
    case 'invalid_format': {
      const key = issue.format === 'regex' && 'pattern' in issue ? patternKeys.get(String(issue.pattern).replace(/^\/|\/[a-z]*$/g, '')) : undefined;
      return key && t(`validation:${key}`, { defaultValue: '' }) ? t(`validation:${key}`) : t('validation:format');
    }
    default:
      return t('validation:format');
  }
};

/**
 * The form rule of one field, from the contract's own schema of that field: the form checks exactly
 * what the server will, with no second copy of the rules. Empty inputs count as "not given".
 */
export const contractRule = (schema: z.ZodType, t: TFunction): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const given = typeof value === 'string' && value.trim() === '' ? undefined : value;
    const result = schema.safeParse(given);
    if (!result.success && result.error.issues[0]) throw new Error(issueText(result.error.issues[0], t));
  },
});

/** Whether a field's schema accepts "not given" (antd shows the required mark otherwise). */
export const isRequired = (schema: z.ZodType): boolean => !schema.safeParse(undefined).success;

/** Server refusals of a field in the console's language where the message is a known one. */
export const serverFieldText = (message: string, t: TFunction): string => (message === 'already exists' ? t('validation:taken') : message);
