import { Permission, checkRuleResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { checkRuleValidator } from '@/lib/check-rule-validator';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import CheckRuleListPage from './check-rule-list-page';

const ruleJson = JSON.stringify([
  { digits: 2, pattern: '[A-Z]{2}', message: 'Begins with two capital letters' },
  { digits: '*', pattern: '.{6,8}', message: 'Six to eight characters in all' },
]);
const records = buildRecords(checkRuleResource.record, [
  { ruleName: 'Station code', ruleCode: 'station_code', ruleJson, ruleDescription: 'Codes of stations' },
  { ruleName: 'Postcode', ruleCode: 'postcode', ruleJson, ruleDescription: null },
]);

describeListPage('check rules', {
  page: CheckRuleListPage,
  resource: checkRuleResource,
  records,
  cellField: 'ruleName',
  columns: ['ruleName', 'ruleCode', 'ruleDescription', 'createTime'],
});

const refusal = (value: string) =>
  value.startsWith('HK')
    ? HttpResponse.json(envelope(null, 200, 'The value passes the rules'))
    : HttpResponse.json(
        { success: false, code: 4004, message: 'Begins with two capital letters', timestamp: 0, result: { digits: 2, pattern: '[A-Z]{2}', message: 'Begins with two capital letters', checkValue: value.slice(0, 2), passed: false, beginIndex: 0, endIndex: 2 } },
        { status: 400 },
      );

describe('check rules: rows, trying and form validation', () => {
  const saved: unknown[] = [];
  mockServer(
    http.get('/boot/sys/checkRule/list', () => HttpResponse.json(envelope({ records, total: 2, size: 10, current: 1, pages: 1 }))),
    http.get('/boot/sys/checkRule/checkByCode', ({ request }) => refusal(new URL(request.url).searchParams.get('value') ?? '')),
    http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope('This value is available'))),
    http.post('/boot/sys/checkRule/add', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(envelope('new-id', 1001, 'Added'));
    }),
  );
  const grant = () => setPermissions({ auth: [Permission.CheckRuleList, Permission.CheckRuleAdd].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('tries a value against a saved rule and shows the failing rule’s message and the part it read', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CheckRuleListPage />);
    const row = (await screen.findByText('Station code')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Try a value' }));
    const dialog = await findDialog('Try a value: Station code');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value to check' }), 'hk2024');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText('Begins with two capital letters')).toBeInTheDocument();
    expect(within(dialog).getByText('Characters 1 to 2 (“hk”) do not match [A-Z]{2}')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value to check' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value to check' }), 'HK2024');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText('The value passes every rule')).toBeInTheDocument();
    clearPermissions();
  });

  it('edits the rules as rows and saves them as the JSON the contract takes', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CheckRuleListPage />);
    await screen.findByText('Station code');
    await user.click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add check rule');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Serial');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'serial_no');
    // The first row reads the whole value; a second reads the next 3 characters.
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Pattern (regular expression)' })[0]!, '[[A-Z0-9]{{6}');
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Message when it fails' })[0]!, 'Six capitals or digits');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    const count = within(dialog).getByRole('spinbutton', { name: 'Characters' });
    await user.clear(count);
    await user.type(count, '3');
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Pattern (regular expression)' })[1]!, 'SN\\d');
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Message when it fails' })[1]!, 'Starts SN and a digit');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ ruleName: 'Serial', ruleCode: 'serial_no' });
    expect(JSON.parse((saved[0] as { ruleJson: string }).ruleJson)).toEqual([
      { digits: '*', pattern: '[A-Z0-9]{6}', message: 'Six capitals or digits' },
      { digits: 3, pattern: 'SN\\d', message: 'Starts SN and a digit' },
    ]);
    clearPermissions();
  });

  it('checkRuleValidator puts the server’s message on the form field', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Form>
        <Form.Item name="code" label="Station code" rules={[checkRuleValidator('station_code')]}>
          <Input />
        </Form.Item>
      </Form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Station code' }), 'x1');
    expect(await screen.findByText('Begins with two capital letters')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Station code' }));
    await user.type(screen.getByRole('textbox', { name: 'Station code' }), 'HK1');
    await waitFor(() => expect(screen.queryByText('Begins with two capital letters')).toBeNull());
  });
});
