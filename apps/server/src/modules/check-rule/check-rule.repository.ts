import type { checkRuleResource } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { checkRules } from './check-rule.table.js';

export const createCheckRuleRepository = (db: Database) => ({
  /** What the screen kit reads check rules through: the table and the list's columns. */
  screen: {
    table: checkRules,
    repository: createTableRepository(db, checkRules),
    columns: { ruleName: checkRules.ruleName, ruleCode: checkRules.ruleCode, createTime: checkRules.createTime },
  } satisfies Omit<ResourceServiceOptions<typeof checkRuleResource, typeof checkRules>, 'resource' | 'dicts'>,

  /** The stored rules of a code, null when no rule has it. */
  async ruleJsonOf(ruleCode: string): Promise<string | null> {
    const [row] = await db.select({ ruleJson: checkRules.ruleJson }).from(checkRules).where(eq(checkRules.ruleCode, ruleCode)).limit(1);
    return row?.ruleJson ?? null;
  },
});
export type CheckRuleRepository = ReturnType<typeof createCheckRuleRepository>;
