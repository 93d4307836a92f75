import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, formatNumber } from './format';

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

describe('formatFileSize', () => {
  it('gives bytes below a kilobyte as they are, then KB and MB with one decimal', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe(formatNumber(1.5, 1, ' KB'));
    expect(formatFileSize(5 * 1024 * 1024)).toBe(formatNumber(5, 1, ' MB'));
  });
});
