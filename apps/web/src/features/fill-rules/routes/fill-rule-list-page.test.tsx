import { Permission, fillRuleResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import FillRuleListPage from './fill-rule-list-page';

const records = buildRecords(fillRuleResource.record, [
  { ruleName: 'Ticket order number', ruleCode: 'ticket_order_num', ruleClass: 'order_number', ruleParams: '{"prefix":"WO","datePattern":"yyyyMMdd","digits":6}' },
  { ruleName: 'Category code', ruleCode: 'category_code', ruleClass: 'category_code', ruleParams: null },
]);

describeListPage('fill rules', {
  page: FillRuleListPage,
  resource: fillRuleResource,
  records,
  cellField: 'ruleName',
  columns: ['ruleName', 'ruleCode', 'ruleClass', 'ruleParams', 'createTime'],
});

describe('fill rules: generating', () => {
  const executed: string[] = [];
  mockServer(
    http.get('/boot/sys/fillRule/list', () => HttpResponse.json(envelope({ records, total: 2, size: 10, current: 1, pages: 1 }))),
    http.put('/boot/sys/fillRule/executeRuleByCode/:ruleCode', ({ params }) => {
      executed.push(String(params.ruleCode));
      return HttpResponse.json(envelope('WO20261125000042'));
    }),
  );

  it('names each generator in the console’s language and shows the next value after a confirmation', async () => {
    setPermissions({ auth: [{ action: Permission.FillRuleList, describe: '', type: '1', status: '1' }], allAuth: [] });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FillRuleListPage />);
    const row = (await screen.findByText('Ticket order number')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Order number (prefix, date, daily sequence)')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Generate' }));
    expect(executed).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('WO20261125000042')).toBeInTheDocument();
    expect(screen.getAllByText('Next value of Ticket order number')[0]).toBeInTheDocument();
    expect(executed).toEqual(['ticket_order_num']);
    clearPermissions();
  });
});
