import { type CheckRuleFailure, ServerCode, evaluateCheckRules, parseCheckRules } from '@cellsight/contract';
import { AppError } from '../../lib/errors.js';
import type { CheckRuleRepository } from './check-rule.repository.js';

/** Checks a value against the rules stored under a code (spec section 7, `checkByCode`). */
export const createCheckRuleService = (repository: CheckRuleRepository) => ({
  /** Passes quietly; a failed rule is a 400 with the rule's message and the JeecgBoot result; an unknown code a 404. */
  async check(ruleCode: string, value: string): Promise<void> {
    const ruleJson = await repository.ruleJsonOf(ruleCode);
    if (ruleJson === null) throw new AppError(ServerCode.NOT_FOUND, `ruleCode: no check rule has the code ${ruleCode}`, 404, [{ field: 'ruleCode', message: 'Check rule not found' }]);
    const parsed = parseCheckRules(ruleJson);
    // Rules are validated on save; a row written another way is the administrator's to fix, said plainly.
    if ('problem' in parsed) throw new AppError(ServerCode.INCORRECT_PARAMETER, `The check rule ${ruleCode} is not valid: ${parsed.problem}`, 400);
    const failure: CheckRuleFailure | null = evaluateCheckRules(parsed.rules, value);
    if (failure) throw new AppError(ServerCode.INCORRECT_PARAMETER, failure.message, 400, [{ field: 'value', message: failure.message }], failure);
  },
});
export type CheckRuleService = ReturnType<typeof createCheckRuleService>;
