import { ServerCode, fillRuleEndpoints } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

/** Fill rules: parameters checked against the generator, values generated for forms, ticket order numbers (list contract: list-conformance.test.ts). */

let t: TestApp;
let admin: string;

const add = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/sys/fillRule/add', token: admin, payload });
const execute = (ruleCode: string, body: Record<string, unknown> = {}, token = admin) => t.call(fillRuleEndpoints.execute, { token, params: { ruleCode }, body });
const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('fill rules', () => {
  it('checks the parameters against the chosen generator, naming ruleParams', async () => {
    const refused = await add({ ruleName: 'Invoice', ruleCode: 'invoice_no', ruleClass: 'order_number', ruleParams: '{"prefix":"INV","digits":20}' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().result.errors).toEqual([{ field: 'ruleParams', message: 'digits must be a whole number from 1 to 8' }]);
    const notJson = await add({ ruleName: 'Invoice', ruleCode: 'invoice_no', ruleClass: 'order_number', ruleParams: 'prefix=INV' });
    expect(notJson.json().result.errors).toEqual([{ field: 'ruleParams', message: 'must be a JSON object' }]);
    const unknownClass = await add({ ruleName: 'Invoice', ruleCode: 'invoice_no', ruleClass: 'groovy_script' });
    expect(unknownClass.json().result.errors[0]).toMatchObject({ field: 'ruleClass' });

    const added = await add({ ruleName: 'Invoice', ruleCode: 'invoice_no', ruleClass: 'order_number', ruleParams: '{"prefix":"INV-","datePattern":"yyyyMM","digits":3}' });
    expect(added.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
    const edited = await t.request({ method: 'PUT', url: '/boot/sys/fillRule/edit', token: admin, payload: { id: added.json().result, ruleParams: '{"datePattern":"dd.MM"}' } });
    expect(edited.json().result.errors[0]).toMatchObject({ field: 'ruleParams' });
  });

  it('numbers per period with the prefix and padding, and 20 parallel executions give 20 different numbers', async () => {
    const month = today().slice(0, 6);
    const first = await execute('invoice_no', { anything: 'the form' });
    expect(first.envelope).toMatchObject({ success: true, result: `INV-${month}001` });
    expect((await execute('invoice_no')).envelope.result).toBe(`INV-${month}002`);

    const parallel = await Promise.all(Array.from({ length: 20 }, () => execute('invoice_no')));
    const numbers = parallel.map((response) => response.envelope.result);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.toSorted()).toEqual(Array.from({ length: 20 }, (_, index) => `INV-${month}${String(index + 3).padStart(3, '0')}`));
  });

  it('executes several rules at once, each with its form over the common form, and gives category codes under the form’s pid', async () => {
    const root = (await t.request({ method: 'POST', url: '/boot/sys/category/add', token: admin, payload: { name: 'Faults' } })).json().result as string;
    const batch = await t.call(fillRuleEndpoints.executeBatch, {
      token: admin,
      body: { commonFormData: { pid: root }, rules: [{ ruleCode: 'category_code' }, { ruleCode: 'category_code', formData: { pid: '' } }, { ruleCode: 'invoice_no' }] },
    });
    expect(batch.envelope.result).toEqual([
      { ruleCode: 'category_code', result: 'A01A01' },
      { ruleCode: 'category_code', result: 'A02' },
      { ruleCode: 'invoice_no', result: expect.stringMatching(/^INV-\d{6}023$/) },
    ]);
    const unknown = await execute('no_such_rule');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.response.json().result.errors).toEqual([{ field: 'ruleCode', message: 'Fill rule not found' }]);
  });

  it('gives ticket order numbers from ticket_order_num, whose parameters an administrator may change', async () => {
    const rules = (await t.request({ method: 'GET', url: '/boot/sys/fillRule/list', token: admin, query: { ruleCode: 'ticket_order_num' } })).json().result.records;
    expect(rules).toEqual([expect.objectContaining({ ruleCode: 'ticket_order_num', ruleClass: 'order_number', ruleParams: '{"prefix":"WO","datePattern":"yyyyMMdd","digits":6}' })]);
    expect((await execute('ticket_order_num')).envelope.result).toBe(`WO${today()}000001`);
    await t.request({ method: 'PUT', url: '/boot/sys/fillRule/edit', token: admin, payload: { id: rules[0].id, ruleParams: '{"prefix":"TK","datePattern":"yyMMdd","digits":4}' } });
    expect((await execute('ticket_order_num')).envelope.result).toBe(`TK${today().slice(2)}0001`);

    // Filing a ticket takes the next number of the rule.
    const gsn = 'GSN26110001';
    await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn, key: 'key-gsn26110001' }] } });
    const logger = JSON.stringify([{ gsn, key: 'key-gsn26110001', product_code: `${gsn}-M` }]);
    const stationId = (await t.request({ method: 'POST', url: '/boot/want/tbStation/add_station?from=EUR', token: admin, payload: { name: 'Order numbers', logger } })).json().message as string;
    const filed = await t.request({
      method: 'POST',
      url: '/boot/want/ticket/add',
      token: admin,
      payload: { title: 'Numbered', category: 'defect', stationId, contact: 'Erika Muster', contact_mobile: '13812345678', description: 'Which number does it get?' },
    });
    expect(filed.json()).toMatchObject({ success: true, message: `TK${today().slice(2)}0002` });
  });

  it('refuses the demo account, which changes nothing', async () => {
    const demoId = await addUser(t, admin, { username: 'demo_filler', selectedroles: 'r-admin' });
    await t.app.db.update(users).set({ demo: true }).where(eq(users.id, demoId));
    const demo = await t.login('demo_filler', 'Passw0rd1');
    expect((await execute('invoice_no', {}, demo)).statusCode).toBe(403);
  });
});
