import type { GridStatistic } from './types';

const numberOf = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value));
  return Number.isFinite(number) ? number : undefined;
};

/** Rounds away binary noise (0.1 + 0.2) to at most two decimals, as the statistics row shows it. */
const rounded = (value: number): number => Math.round(value * 100) / 100;

/**
 * One statistic of a column's values: the sum and average of the numbers in it (text that is not
 * a number is left out), the count of cells that hold anything. Empty columns sum to 0.
 */
export const columnStatistic = (statistic: GridStatistic, values: readonly unknown[]): number => {
  if (statistic === 'count') return values.filter((value) => value !== undefined && value !== null && value !== '').length;
  const numbers = values.map(numberOf).filter((value): value is number => value !== undefined);
  const sum = numbers.reduce((total, value) => total + value, 0);
  if (statistic === 'sum') return rounded(sum);
  return numbers.length === 0 ? 0 : rounded(sum / numbers.length);
};
