import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { checkRules } from './check-rule.table.js';

export const createCheckRuleRepository = (db: Database) => ({
  /** The stored rules of a code, null when no rule has it. */
  async ruleJsonOf(ruleCode: string): Promise<string | null> {
    const [row] = await db.select({ ruleJson: checkRules.ruleJson }).from(checkRules).where(eq(checkRules.ruleCode, ruleCode)).limit(1);
    return row?.ruleJson ?? null;
  },
});
export type CheckRuleRepository = ReturnType<typeof createCheckRuleRepository>;
