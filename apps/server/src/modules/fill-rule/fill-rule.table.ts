import { bigint, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/** Fill rules (JeecgBoot's sys_fill_rule): `rule_class` names one of the server's generators, `rule_params` its JSON parameters. */
export const fillRules = pgTable(
  'sys_fill_rule',
  {
    id: id(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    ruleClass: varchar('rule_class', { length: 32 }).notNull(),
    ruleParams: text('rule_params'),
    ...audit,
  },
  (t) => [uniqueIndex('sys_fill_rule_code_key').on(t.ruleCode)],
);

/**
 * The counters of sequence generators, one per rule code and period (the date part of an order
 * number): taken with one `insert … on conflict do update … returning`, so parallel requests and
 * several server instances never get the same number.
 */
export const fillRuleSequences = pgTable(
  'sys_fill_rule_sequence',
  {
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    period: varchar('period', { length: 16 }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleCode, t.period] })],
);
