import type { fillRuleResource } from '@cellsight/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { fillRuleSequences, fillRules } from './fill-rule.table.js';

export const createFillRuleRepository = (db: Database) => ({
  /** What the screen kit reads fill rules through: the table and the list's columns. */
  screen: {
    table: fillRules,
    repository: createTableRepository(db, fillRules),
    columns: { ruleName: fillRules.ruleName, ruleCode: fillRules.ruleCode, ruleClass: fillRules.ruleClass, createTime: fillRules.createTime },
  } satisfies Omit<ResourceServiceOptions<typeof fillRuleResource, typeof fillRules>, 'resource' | 'dicts'>,

  async byCode(ruleCode: string): Promise<{ ruleClass: string; ruleParams: string | null } | null> {
    const [row] = await db.select({ ruleClass: fillRules.ruleClass, ruleParams: fillRules.ruleParams }).from(fillRules).where(eq(fillRules.ruleCode, ruleCode)).limit(1);
    return row ?? null;
  },

  /** The next number of a rule's counter for a period (1 for a new period), taken atomically: parallel callers never share one. */
  async nextInSequence(ruleCode: string, period: string): Promise<number> {
    const [row] = await db
      .insert(fillRuleSequences)
      .values({ ruleCode, period, value: 1 })
      .onConflictDoUpdate({ target: [fillRuleSequences.ruleCode, fillRuleSequences.period], set: { value: sql`${fillRuleSequences.value} + 1` } })
      .returning({ value: fillRuleSequences.value });
    return row!.value;
  },
});
export type FillRuleRepository = ReturnType<typeof createFillRuleRepository>;
