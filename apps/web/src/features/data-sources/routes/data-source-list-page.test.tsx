import { Permission, dataSourceResource, maskedPassword } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import DataSourceListPage from './data-source-list-page';

const records = buildRecords(dataSourceResource.record, [
  { id: 'ds1', code: 'archive', name: 'Archive', dbType: 'postgresql', dbUrl: 'postgres://db.example:5432/archive', dbUsername: 'reader', dbPassword: maskedPassword },
  { id: 'ds2', code: 'billing', name: 'Billing', dbType: 'postgresql', dbUrl: 'postgres://billing.example/billing', dbUsername: 'reader', dbPassword: null },
]);

describeListPage('data sources', {
  page: DataSourceListPage,
  resource: dataSourceResource,
  records,
  cellField: 'name',
  columns: ['code', 'name', 'dbType', 'dbUrl', 'dbUsername', 'createTime'],
});

describe('the data source form', () => {
  let tests: unknown[] = [];
  let edits: unknown[] = [];
  mockServer(
    http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'This value is available'))),
    http.get('/boot/sys/dataSource/list', () => HttpResponse.json(envelope({ records, total: 2, size: 10, current: 1, pages: 1 }))),
    http.post('/boot/sys/dataSource/testConnection', async ({ request }) => {
      const body = (await request.json()) as { dbUrl: string };
      tests.push(body);
      return HttpResponse.json(envelope(body.dbUrl.includes('down') ? { ok: false, message: 'the data source cannot be reached: connect ECONNREFUSED' } : { ok: true, message: 'Connected' }));
    }),
    http.put('/boot/sys/dataSource/edit', async ({ request }) => {
      edits.push(await request.json());
      return HttpResponse.json(envelope(null, 200, 'Edited'));
    }),
  );
  afterEach(() => {
    tests = [];
    edits = [];
    clearPermissions();
  });

  it('never shows the stored password, tests the connection with the form’s values, and keeps the password when left empty', async () => {
    setPermissions({ auth: [Permission.DataSourceList, Permission.DataSourceEdit].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DataSourceListPage />);
    const row = (await screen.findByText('Archive')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await findDialog('Edit data source');
    const password = await within(dialog).findByLabelText('Password');
    expect(password).toHaveValue('');
    expect(dialog.innerHTML).not.toContain(maskedPassword);
    await user.click(within(dialog).getByRole('button', { name: /Test connection/ }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(tests).toEqual([{ id: 'ds1', dbType: 'postgresql', dbUrl: 'postgres://db.example:5432/archive', dbUsername: 'reader' }]);
    const url = within(dialog).getByLabelText('Database URL');
    await user.clear(url);
    await user.type(url, 'postgres://down.example/archive');
    await user.type(password, 'n3w');
    await user.click(within(dialog).getByRole('button', { name: /Test connection/ }));
    expect(await screen.findByText('Connection failed: the data source cannot be reached: connect ECONNREFUSED')).toBeInTheDocument();
    expect(tests[1]).toMatchObject({ dbUrl: 'postgres://down.example/archive', dbPassword: 'n3w' });
    await user.clear(password);
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(edits).toHaveLength(1));
    // An empty password keeps the stored one (the server never receives the mask).
    expect((edits[0] as { dbPassword?: string }).dbPassword ?? '').toBe('');
  });
});
