import { describe, expect, it } from 'vitest';
import { formatFilterValue, listQuerySchema, parseFilterValue, queryRules } from './list-query.js';
import { isStrongPassword, patterns } from './validation.js';

describe('filter values carry their rule', () => {
  it.each([
    ['*abc*', { rule: 'like', value: 'abc' }],
    ['abc*', { rule: 'right_like', value: 'abc' }],
    ['*abc', { rule: 'left_like', value: 'abc' }],
    ['a,b, c', { rule: 'in', value: ['a', 'b', 'c'] }],
    ['!abc', { rule: 'ne', value: 'abc' }],
    ['>= 10', { rule: 'ge', value: '10' }],
    ['gt 5', { rule: 'gt', value: '5' }],
    ['le 7', { rule: 'le', value: '7' }],
    ['plain', { rule: 'eq', value: 'plain' }],
    ['*', { rule: 'eq', value: '*' }],
  ])('%s', (raw, expected) => {
    expect(parseFilterValue(raw)).toEqual(expected);
  });

  it('formats every rule so that parsing gives it back', () => {
    for (const rule of queryRules.filter((r) => r !== 'in')) {
      expect(parseFilterValue(formatFilterValue(rule, 'v1'))).toEqual({ rule, value: 'v1' });
    }
  });
});

describe('list query', () => {
  it('defaults paging and keeps column filters', () => {
    expect(listQuerySchema.parse({ username: '*a*' })).toMatchObject({ pageNo: 1, pageSize: 10, username: '*a*' });
    expect(listQuerySchema.safeParse({ pageSize: '100000' }).success).toBe(false);
  });
});

describe('validation patterns (spec section 5)', () => {
  it('mobile: 11 digits, 1 then 3/4/5/7/8', () => {
    expect(patterns.mobile.test('13812345678')).toBe(true);
    expect(patterns.mobile.test('16812345678')).toBe(false);
    expect(patterns.mobile.test('1381234567')).toBe(false);
  });
  it('user name: 4 to 18 letters, digits or underscores', () => {
    expect(patterns.username.test('abcd')).toBe(true);
    expect(patterns.username.test('abc')).toBe(false);
    expect(patterns.username.test('a'.repeat(19))).toBe(false);
    expect(patterns.username.test('bad-name')).toBe(false);
  });
  it('password: 6 to 20 printable characters, letters and digits among them', () => {
    expect(isStrongPassword('abc123')).toBe(true);
    expect(isStrongPassword('123456')).toBe(false);
    expect(isStrongPassword('abcdef')).toBe(false);
    expect(isStrongPassword('abc12')).toBe(false);
    // Stronger passwords are welcome: special characters, spaces, letters beyond ASCII.
    expect(isStrongPassword('abc123!')).toBe(true);
    expect(isStrongPassword('Jeecg#2024 pass')).toBe(true);
    expect(isStrongPassword('Grüße123')).toBe(true);
    expect(isStrongPassword('a'.repeat(20) + '1')).toBe(false);
    // Control characters never: a tab or a line break is a paste gone wrong.
    expect(isStrongPassword('abc\t123')).toBe(false);
    expect(isStrongPassword('abc\n123')).toBe(false);
  });
});
