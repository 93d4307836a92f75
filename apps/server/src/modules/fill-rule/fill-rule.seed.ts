import { ticketOrderNumberRule } from '@cellsight/contract';
import type { ModuleSeed } from '../../db/seed.js';
import type { FillRuleDefinition } from './fill-rule.service.js';
import { fillRules } from './fill-rule.table.js';

/** Ticket order numbers as they always were: WO, the UTC date, the day's counter in six digits (WO20261125000001). */
export const ticketOrderNumberDefinition: FillRuleDefinition = { ruleClass: 'order_number', ruleParams: JSON.stringify({ prefix: 'WO', datePattern: 'yyyyMMdd', digits: 6 }) };

/** The fill rules every installation starts with (administrators may change their parameters). */
export const fillRuleSeed = [
  { id: 'fr-ticket-order-num', ruleName: 'Ticket order number', ruleCode: ticketOrderNumberRule, ...ticketOrderNumberDefinition },
  { id: 'fr-category-code', ruleName: 'Category code', ruleCode: 'category_code', ruleClass: 'category_code', ruleParams: null },
];

/** Fill rules the server itself uses (ticket order numbers); an administrator's edits stay. */
export const seedFillRules: ModuleSeed = (tx) => tx.insert(fillRules).values(fillRuleSeed).onConflictDoNothing();
