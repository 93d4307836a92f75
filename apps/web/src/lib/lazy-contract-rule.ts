import type { fields } from '@cellsight/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * `contractRule(fields[name], t, field)` (lib/contract-rules.ts) for pages that must stay light, such
 * as the sign-in page: the contract's field schemas and zod load when the field is first checked
 * (the check is asynchronous anyway), not with the page.
 */
export const lazyFieldRule = (name: keyof typeof fields, t: TFunction, field: string = name): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const { checkField } = await import('./contract-rules');
    checkField(name, value, t, field);
  },
});
