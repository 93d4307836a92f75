import { checkRuleEndpoints } from '@cellsight/contract';
import type { FormRule } from 'antd';
import { ApiError, api } from './api-client';
import { errorMessage } from './notify';

/**
 * A form rule that asks the server whether a value passes the check rule `ruleCode`
 * (`/sys/checkRule/checkByCode`) and shows the failing rule's message (spec section 5). Empty
 * values are left to the field's required rule.
 */
export const checkRuleValidator = (ruleCode: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    try {
      await api.call(checkRuleEndpoints.checkByCode, { query: { ruleCode, value: String(value) } });
    } catch (error) {
      throw new Error(error instanceof ApiError ? error.message : errorMessage(error));
    }
  },
});
