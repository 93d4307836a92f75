import type { ListColumnType, QueryRule, SuperQueryCondition } from '@cellsight/contract';

/** A field a screen offers to the builder: its wire name, label, type and, for dictionaries, its items. */
export interface AdvancedQueryField {
  name: string;
  label: string;
  type: ListColumnType;
  options?: { value: string; label: string }[];
}

export type MatchType = 'and' | 'or';

/** The query in force, as the list contract sends it (spec section 9). */
export interface AdvancedQueryValue {
  superQueryParams: string;
  superQueryMatchType: MatchType;
}

/** One row of the builder. `values` holds one value, or several for the rule 'in'. */
export interface ConditionRow {
  id: number;
  field?: string;
  rule?: QueryRule;
  values: string[];
}

/** A saved query: its records are wire conditions, so loading one reads them like `superQueryParams`. */
export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: SuperQueryCondition[];
}
