import { describe, expect, it } from 'vitest';
import { type CellRule, acceptNumberInput, cellRuleMessages, checkCell, checkRows, numberOnBlur, tagsText } from './cell-rules.js';

type Row = Record<string, unknown>;
const check = (value: unknown, rules: CellRule<Row>[], rows: Row[] = [{ v: value }]) => checkCell(value, rules, { row: rows[0] ?? {}, rows, field: 'v', title: 'Value' });

describe('cell rules', () => {
  it('required fails on empty text, blank text, null and empty lists with the column named', () => {
    for (const empty of ['', '   ', null, undefined, []]) expect(check(empty, [{ required: true }])?.text).toBe('Value is required');
    expect(check('x', [{ required: true }])).toBeUndefined();
    expect(check(0, [{ required: true }])).toBeUndefined();
  });

  it('unique fails when the value occurs in two or more rows, not once', () => {
    const rows = [{ v: 'a' }, { v: 'b' }, { v: 'a' }];
    expect(check('a', [{ unique: true }], rows)).toMatchObject({ key: 'cell.unique', text: 'Value must not repeat' });
    expect(check('b', [{ unique: true }], rows)).toBeUndefined();
    // Empty cells are not duplicates of each other.
    expect(check('', [{ unique: true }], [{ v: '' }, { v: '' }])).toBeUndefined();
  });

  const cases: [string, string[], string[]][] = [
    ['n6-16', ['123456', '1234567890123456'], ['12345', '12345678901234567', '12345a']],
    ['*6-16', ['abc de', 'x'.repeat(16)], ['abcde', 'x'.repeat(17)]],
    ['s6-18', ['abcdef', 'A'.repeat(18)], ['abcde', 'abcde1', 'a'.repeat(19)]],
    ['url', ['http://example.com', 'https://a.b/c?d=1'], ['example.com', 'http://localhost']],
    ['e', ['a@b.cn', 'first.last@mail.example.org'], ['a@b', 'ab.cn', 'a b@c.de']],
    ['m', ['13912345678', '19912345678'], ['12912345678', '1391234567', '139123456789']],
    ['p', ['100080', '518000'], ['012345', '10008', '1000800']],
    ['s', ['abc', 'ABC'], ['ab1', 'a b']],
    ['n', ['1', '-1.5', '0.25'], ['1.', '.5', 'a', '1.2.3']],
    ['z', ['0', '-12', '42'], ['1.5', 'a', '']],
    ['money', ['0', '12', '12.3', '12.34', '0.5'], ['12.345', '-1', '01', 'a']],
  ];
  for (const [name, good, bad] of cases) {
    it(`the named pattern ${name} answers its own message`, () => {
      const rules = [{ pattern: name as never }];
      for (const value of good) expect(check(value, rules), value).toBeUndefined();
      for (const value of bad.filter((v) => v !== '')) expect(check(value, rules)?.key, value).toBe(cellRuleMessages[name as keyof typeof cellRuleMessages].key);
    });
  }

  it('the * pattern refuses empty cells; other patterns let empty cells through', () => {
    expect(check('', [{ pattern: '*' }])?.text).toBe('This field must not be empty');
    expect(check('', [{ pattern: 'z' }])).toBeUndefined();
  });

  it('a custom pattern and a custom message', () => {
    expect(check('abc', [{ pattern: /^\d+$/ }])?.text).toBe('Value is not in the expected format');
    expect(check('abc', [{ pattern: /^\d+$/, message: '{value} is not a code' }])?.text).toBe('abc is not a code');
  });

  it('a custom handler sees the row and every row', () => {
    const rule: CellRule<Row> = { handler: (value, { rows }) => (rows.length > 1 && value === 'x' ? 'no x beside others' : undefined) };
    expect(check('x', [rule], [{ v: 'x' }, { v: 'y' }])?.text).toBe('no x beside others');
    expect(check('x', [rule], [{ v: 'x' }])).toBeUndefined();
  });

  it('the first failing rule wins', () => {
    expect(check('', [{ required: true }, { pattern: 'z' }])?.key).toBe('cell.required');
    expect(check('a', [{ required: true }, { pattern: 'z' }])?.key).toBe('cell.z');
  });

  it('checkRows lists every failing cell with its row index', () => {
    const rows = [{ a: '1', b: 'x' }, { a: '1', b: '' }];
    const failures = checkRows(rows, [
      { key: 'a', title: 'A', rules: [{ unique: true }] },
      { key: 'b', title: 'B', rules: [{ required: true }] },
    ]);
    expect(failures.map((f) => `${f.index}.${f.field}:${f.message.key}`)).toEqual(['0.a:cell.unique', '1.a:cell.unique', '1.b:cell.required']);
  });
});

describe('number input', () => {
  it('accepts optional minus, digits and one decimal point; otherwise keeps the previous text', () => {
    for (const typed of ['', '-', '12', '-12.', '-12.5', '.5']) expect(acceptNumberInput(typed, 'prev')).toBe(typed);
    for (const typed of ['12a', '1.2.3', '--1', '1-2', '1 2']) expect(acceptNumberInput(typed, 'prev')).toBe('prev');
  });
  it('becomes a number or empty on blur', () => {
    expect(numberOnBlur('-12.50')).toBe(-12.5);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('')).toBe('');
    expect(numberOnBlur('12.')).toBe(12);
  });
});

describe('tags text', () => {
  it('strips semicolons and inserts one after every two characters', () => {
    expect(tagsText('abcd')).toBe('ab;cd;');
    expect(tagsText('ab;c;d;e')).toBe('ab;cd;e');
    expect(tagsText('')).toBe('');
  });
});
