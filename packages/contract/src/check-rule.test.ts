import { describe, expect, it } from 'vitest';
import { type CheckRuleItem, evaluateCheckRules, parseCheckRules, patternProblem } from './check-rule.js';

const rules: CheckRuleItem[] = [
  { digits: 2, pattern: '[A-Z]{2}', message: 'starts with two capitals' },
  { digits: 4, pattern: '\\d{4}', message: 'then four digits' },
  { digits: '*', pattern: '.{6,8}', message: 'six to eight characters in all' },
];

describe('check rules', () => {
  it('reads each numbered rule from where the previous one stopped and * from the whole value', () => {
    expect(evaluateCheckRules(rules, 'AB1234')).toBeNull();
    expect(evaluateCheckRules(rules, 'AB1234xy')).toBeNull();
    expect(evaluateCheckRules(rules, 'Ab1234')).toEqual({ digits: 2, pattern: '[A-Z]{2}', message: 'starts with two capitals', checkValue: 'Ab', passed: false, beginIndex: 0, endIndex: 2 });
    expect(evaluateCheckRules(rules, 'AB12x4')).toMatchObject({ message: 'then four digits', checkValue: '12x4', beginIndex: 2, endIndex: 6 });
    // The * rule does not advance and carries no indexes.
    const tooLong = evaluateCheckRules(rules, 'AB1234xyz');
    expect(tooLong).toEqual({ digits: '*', pattern: '.{6,8}', message: 'six to eight characters in all', checkValue: 'AB1234xyz', passed: false });
  });

  it('matches a slice in full, and a short value gives a short slice', () => {
    expect(evaluateCheckRules([{ digits: 3, pattern: '\\d', message: 'one digit' }], '123')).toMatchObject({ checkValue: '123' });
    expect(evaluateCheckRules([{ digits: 4, pattern: '\\d{4}', message: 'four digits' }], '12')).toMatchObject({ checkValue: '12', beginIndex: 0, endIndex: 2 });
    // Alternatives are anchored as a whole, not just the first one.
    expect(evaluateCheckRules([{ digits: '*', pattern: 'a|b', message: 'a or b' }], 'ab')).not.toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(evaluateCheckRules([{ digits: 1, pattern: '.', message: 'one character' }, { digits: 1, pattern: 'x', message: 'then x' }], '😀x')).toBeNull();
  });

  it('refuses rule texts that are not arrays of valid rules, naming the rule', () => {
    expect(parseCheckRules('{}')).toEqual({ problem: 'must be a JSON array of rules' });
    expect(parseCheckRules('not json')).toEqual({ problem: 'must be a JSON array of rules' });
    expect(parseCheckRules('[]')).toEqual({ problem: 'must hold at least one rule' });
    expect(parseCheckRules('[{"digits":"*","pattern":"a","message":"m"},{"digits":0,"pattern":"a","message":"m"}]')).toEqual({ problem: 'rule 2: digits must be * or at least 1' });
    expect(parseCheckRules('[{"digits":"2","pattern":"(","message":"m"}]')).toEqual({ problem: 'rule 1: pattern is not a valid regular expression' });
    expect(parseCheckRules('[{"digits":"2","pattern":"\\\\d+","message":""}]')).toEqual({ problem: 'rule 1: message is required' });
    // JeecgBoot stores digits as text: "2" reads as 2.
    expect(parseCheckRules('[{"digits":"2","pattern":"\\\\d+","message":"m"}]')).toEqual({ rules: [{ digits: 2, pattern: '\\d+', message: 'm' }] });
  });

  it('refuses patterns that could backtrack for long', () => {
    expect(patternProblem('(a+)+$')).toBe('must not repeat a group that itself repeats');
    expect(patternProblem('(\\d*){2,}')).toBe('must not repeat a group that itself repeats');
    expect(patternProblem('x'.repeat(101))).toBe('must be at most 100 characters');
    expect(patternProblem('(ab)+\\d{2,4}')).toBeNull();
  });
});
