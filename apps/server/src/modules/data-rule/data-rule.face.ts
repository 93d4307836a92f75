import type { DataRuleRepository } from './data-rule.repository.js';

/**
 * The data-rule module's face: the rules of a menu, as department roles offer and choose them. The
 * door builds it once, as `app.dataRules`; the module's repository stays its own.
 */
export const createDataRuleMenus = (repository: DataRuleRepository) => {
  const { ofMenu, rulesOfMenu } = repository;
  return { ofMenu, rulesOfMenu };
};

export type DataRuleMenus = ReturnType<typeof createDataRuleMenus>;
