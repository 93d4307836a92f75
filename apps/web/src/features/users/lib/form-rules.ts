import { isStrongPassword, limits, patterns } from '@cellsight/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { checkOnlyUser, type UniqueUserField } from '../api/check-only-user';

/** Password rules of spec section 5: required, 6-20 letters or digits, mixing both. */
export const passwordRules = (t: TFunction<'users'>): FormRule[] => [
  { required: true, message: t('validation.passwordRequired') },
  { pattern: patterns.password, message: t('validation.passwordPattern', { min: limits.passwordMin, max: limits.passwordMax }) },
  {
    validator: async (_rule, value: string | undefined) => {
      if (value && patterns.password.test(value) && !isStrongPassword(value)) throw new Error(t('validation.passwordStrength'));
    },
  },
];

/** Confirmation equal to the field `passwordField`. */
export const confirmPasswordRules = (t: TFunction<'users'>, passwordField: string): FormRule[] => [
  { required: true, message: t('validation.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== getFieldValue(passwordField)) throw new Error(t('validation.passwordMismatch'));
    },
  }),
];

/**
 * Server duplicate check on blur (and on submit). A taken value answers success:false; the
 * spec asks to show the server's own message then.
 */
export const uniqueRule = (t: TFunction<'users'>, field: UniqueUserField, userId: string | undefined): FormRule => ({
  validateTrigger: 'onBlur',
  validator: async (_rule, value: string | undefined) => {
    const trimmed = value?.trim();
    if (!trimmed) return;
    try {
      await checkOnlyUser(field, trimmed, userId);
    } catch (error) {
      throw new Error(error instanceof ApiError && error.message ? error.message : t('validation.checkFailed'));
    }
  },
});
