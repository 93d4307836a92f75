import { ServerCode, checkRuleEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

/** Check rules: saving validates the rules; checkByCode evaluates them (list contract: list-conformance.test.ts). */

let t: TestApp;
let admin: string;

const add = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/sys/checkRule/add', token: admin, payload });
const check = (ruleCode: string, value: string, token = admin) => t.call(checkRuleEndpoints.checkByCode, { token, query: { ruleCode, value } });

const stationCode = JSON.stringify([
  { digits: 2, pattern: '[A-Z]{2}', message: 'Begins with two capital letters' },
  { digits: '4', pattern: '\\d{4}', message: 'Then four digits' },
  { digits: '*', pattern: '.{6,8}', message: 'Six to eight characters in all' },
]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('check rules', () => {
  it('stores valid rules and refuses rules that are not a JSON array of {digits, pattern, message}, naming ruleJson', async () => {
    const added = await add({ ruleName: 'Station code', ruleCode: 'station_code', ruleJson: stationCode });
    expect(added.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
    const taken = await add({ ruleName: 'Again', ruleCode: 'station_code', ruleJson: stationCode });
    expect(taken.json().result.errors).toEqual([{ field: 'ruleCode', message: 'already exists' }]);

    for (const [ruleJson, message] of [
      ['{"digits":1}', 'must be a JSON array of rules'],
      ['[{"digits":"x","pattern":"a","message":"m"}]', 'rule 1: digits must be * or a whole number of characters'],
      ['[{"digits":"*","pattern":"[a-","message":"m"}]', 'rule 1: pattern is not a valid regular expression'],
      ['[{"digits":"*","pattern":"(a+)+b","message":"m"}]', 'rule 1: pattern must not repeat a group that itself repeats'],
    ]) {
      const refused = await add({ ruleName: 'Bad', ruleCode: 'bad', ruleJson });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().result.errors).toEqual([{ field: 'ruleJson', message }]);
    }
    const edited = await t.request({ method: 'PUT', url: '/boot/sys/checkRule/edit', token: admin, payload: { id: added.json().result, ruleJson: '[]' } });
    expect(edited.json().result.errors).toEqual([{ field: 'ruleJson', message: 'must hold at least one rule' }]);
  });

  it('passes a value that meets every rule and answers the first failing rule with its message and where it read', async () => {
    expect((await check('station_code', 'HK2024')).envelope).toMatchObject({ success: true });
    expect((await check('station_code', 'HK2024ab')).statusCode).toBe(200);

    const lower = await check('station_code', 'hk2024');
    expect(lower.statusCode).toBe(400);
    expect(lower.envelope).toMatchObject({
      success: false,
      message: 'Begins with two capital letters',
      result: { digits: 2, pattern: '[A-Z]{2}', message: 'Begins with two capital letters', checkValue: 'hk', passed: false, beginIndex: 0, endIndex: 2 },
    });
    const letters = await check('station_code', 'HK20x4');
    expect(letters.envelope.result).toMatchObject({ checkValue: '20x4', beginIndex: 2, endIndex: 6 });
    const long = await check('station_code', 'HK2024abc');
    expect(long.envelope).toMatchObject({ message: 'Six to eight characters in all', result: { digits: '*', checkValue: 'HK2024abc', passed: false } });
    expect(long.envelope.result).not.toHaveProperty('beginIndex');
  });

  it('answers 404 for an unknown code and refuses an overlong value, and any signed-in user may check', async () => {
    const unknown = await check('no_such_rule', 'x');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.envelope.message).toBe('ruleCode: no check rule has the code no_such_rule');
    const long = await check('station_code', 'A'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.response.json().result.errors).toEqual([{ field: 'value', message: 'must be at most 200 characters' }]);

    await addUser(t, admin, { username: 'plain_checker' });
    const plain = await t.login('plain_checker', 'Passw0rd1');
    expect((await check('station_code', 'HK2024', plain)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/boot/sys/checkRule/list', token: plain })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/boot/sys/checkRule/checkByCode', query: { ruleCode: 'station_code', value: 'x' } })).statusCode).toBe(401);
  });
});
