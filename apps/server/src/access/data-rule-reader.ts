import type { Database } from '../db/database.js';
import { createDataRulesInForceRepository } from './data-rules-in-force.repository.js';
import { hasVariables, resolveRuleValue, variableValues } from './data-rule-values.js';

/** A data rule as a list applies it: a list column, an operator and a value already resolved for the caller. */
export interface ListDataRule {
  column: string;
  operator: string;
  value: string;
}

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
  const rules = createDataRulesInForceRepository(db);
  return async (caller: DataRuleCaller, listCode: string, now = new Date()): Promise<ListDataRule[]> => {
    const found = await rules.inForce(caller.userId, listCode);
    if (found.length === 0) return [];
    // The department codes are read only when a rule names them.
    const org = found.some((rule) => hasVariables(rule.ruleValue)) ? await rules.orgCodes(caller.userId) : { current: null, all: [] };
    const values = variableValues({ ...caller, orgCode: org.current, orgCodes: org.all }, now);
    return found.map((rule) => ({ column: rule.ruleColumn, operator: rule.ruleConditions, value: resolveRuleValue(rule.ruleValue, values) }));
  };
};
