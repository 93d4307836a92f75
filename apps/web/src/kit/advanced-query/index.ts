export { AdvancedQuery, type AdvancedQueryProps } from './advanced-query';
export { AdvancedQueryButton } from './advanced-query-button';
export type { AdvancedQueryField, AdvancedQueryValue } from './types';
