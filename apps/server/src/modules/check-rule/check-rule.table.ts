import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/** Check rules (JeecgBoot's sys_check_rule): `rule_json` is the JSON array of {digits, pattern, message}, validated on save. */
export const checkRules = pgTable(
  'sys_check_rule',
  {
    id: id(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    ruleJson: text('rule_json').notNull(),
    ruleDescription: varchar('rule_description', { length: 200 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_check_rule_code_key').on(t.ruleCode)],
);
