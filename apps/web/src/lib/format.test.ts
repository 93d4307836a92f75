import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber } from './format';

describe('formatNumber', () => {
  it('gives a reading its decimals and unit, and nothing without a reading', () => {
    expect(formatNumber(12.345, 2, ' kW')).toBe(`${(12.35).toLocaleString(undefined, { minimumFractionDigits: 2 })} kW`);
    expect(formatNumber(3, 1, ' %')).toBe(`${(3).toLocaleString(undefined, { minimumFractionDigits: 1 })} %`);
    expect(formatNumber(null, 2, ' kW')).toBe('');
    expect(formatNumber(undefined, 0)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes date-times as the spec does, and nothing for no value', () => {
    expect(formatDateTime('2026-11-22T09:15:00')).toBe('2026-11-22 09:15:00');
    expect(formatDateTime(null)).toBe('');
  });
});
