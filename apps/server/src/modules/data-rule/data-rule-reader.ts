import type { Database } from '../../db/database.js';
import type { ListDataRule } from '../../kit/list-query.js';
import { createDataRuleRepository } from './data-rule.repository.js';
import { hasVariables, resolveRuleValue, variableValues } from './data-rule-values.js';

export interface DataRuleCaller {
  userId: string;
  username: string;
  realname: string;
  tenantId: number;
}

/**
 * Reads the data rules in force for a caller on a list (found by the list's permission code), their
 * values resolved for that caller: what the auth plugin hands every request as `auth.dataRules`.
 */
export const createDataRuleReader = (db: Database) => {
  const rules = createDataRuleRepository(db);
  return async (caller: DataRuleCaller, listCode: string, now = new Date()): Promise<ListDataRule[]> => {
    const found = await rules.inForce(caller.userId, listCode);
    if (found.length === 0) return [];
    // The department codes are read only when a rule names them.
    const org = found.some((rule) => hasVariables(rule.ruleValue)) ? await rules.orgCodes(caller.userId) : { current: null, all: [] };
    const values = variableValues({ ...caller, orgCode: org.current, orgCodes: org.all }, now);
    return found.map((rule) => ({ column: rule.ruleColumn, operator: rule.ruleConditions, value: resolveRuleValue(rule.ruleValue, values) }));
  };
};
