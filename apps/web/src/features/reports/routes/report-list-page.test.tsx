import { Permission, reportResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import { mergeParsedColumns, mergeParsedParams } from '../components/report-items-input';
import ReportListPage from './report-list-page';

const records = buildRecords(reportResource.record, [
  { id: 'rp1', code: 'report_stations', name: 'Stations', cgrSql: 'select id, name from report.stations', dbSource: null },
  { id: 'rp2', code: 'report_tickets', name: 'Tickets', cgrSql: 'select * from report.tickets', dbSource: 'archive' },
]);

describeListPage('online reports', {
  page: ReportListPage,
  resource: reportResource,
  records,
  cellField: 'name',
  columns: ['code', 'name', 'dbSource', 'createTime'],
});

describe('merging a parsed query into the definition', () => {
  it('keeps what was set for known columns, adds new ones shown and drops gone ones', () => {
    const kept = { fieldName: 'name', fieldTxt: 'Station', fieldType: 'String' as const, isShow: 1 as const, isSearch: 1 as const, searchMode: 'single' as const, dictCode: null, orderNum: 3, isTotal: 0 as const };
    const gone = { ...kept, fieldName: 'gone' };
    expect(mergeParsedColumns([kept, gone], [{ fieldName: 'name', fieldType: 'String' }, { fieldName: 'lat', fieldType: 'Double' }])).toEqual([
      kept,
      { fieldName: 'lat', fieldTxt: 'lat', fieldType: 'Double', isShow: 1, isSearch: 0, searchMode: 'single', dictCode: null, orderNum: 1, isTotal: 0 },
    ]);
    expect(mergeParsedParams([{ paramName: 'a', paramTxt: 'A', paramValue: '1' }], ['a', 'b'])).toEqual([
      { paramName: 'a', paramTxt: 'A', paramValue: '1' },
      { paramName: 'b', paramTxt: 'b', paramValue: null },
    ]);
  });
});

describe('the report form', () => {
  let parsed: unknown[] = [];
  let added: unknown[] = [];
  mockServer(
    http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'This value is available'))),
    http.get('/boot/online/cgreport/head/list', () => HttpResponse.json(envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }))),
    http.post('/boot/online/cgreport/head/parseSql', async ({ request }) => {
      const body = (await request.json()) as { cgrSql: string };
      parsed.push(body);
      if (body.cgrSql.includes('sys_user')) return HttpResponse.json(failure(4004, 'cgrSql: the query was refused: permission denied for table sys_user', [{ field: 'cgrSql', message: 'the query was refused: permission denied for table sys_user' }]), { status: 400 });
      return HttpResponse.json(envelope({ columns: [{ fieldName: 'name', fieldType: 'String' }, { fieldName: 'status', fieldType: 'Integer' }], params: ['minStatus'] }));
    }),
    http.get('/boot/sys/dataSource/list', () =>
      HttpResponse.json(envelope({ records: [{ id: 'ds1', code: 'archive', name: 'Archive', dbType: 'postgresql', dbUrl: 'postgres://db.example/archive', dbUsername: 'reader', dbPassword: null, remark: null, createBy: null, createTime: '2026-01-01T00:00:00Z', updateBy: null, updateTime: null }], total: 1, size: 100, current: 1, pages: 1 })),
    ),
    http.post('/boot/online/cgreport/head/add', async ({ request }) => {
      added.push(await request.json());
      return HttpResponse.json(envelope('new-id', 200, 'Added'));
    }),
  );
  afterEach(() => {
    parsed = [];
    added = [];
    clearPermissions();
  });

  const grant = () => setPermissions({ auth: [Permission.ReportList, Permission.ReportAdd].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('parses the SQL into the columns and parameters and saves them with the report', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ReportListPage />);
    await user.click(await screen.findByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add report');
    await user.type(within(dialog).getByLabelText('Code'), 'report_min');
    await user.type(within(dialog).getByLabelText('Name'), 'Stations by status');
    const editor = await waitFor(() => {
      const content = dialog.querySelector<HTMLElement>('.cm-content');
      if (!content) throw new Error('no editor yet');
      return content;
    });
    await user.click(editor);
    await user.keyboard('select name, status from report.stations where status >= ${{minStatus}');
    await user.click(within(dialog).getByRole('button', { name: /Parse SQL/ }));
    await waitFor(() => expect(within(dialog).getAllByLabelText('Column')).toHaveLength(2));
    expect(parsed).toEqual([{ cgrSql: 'select name, status from report.stations where status >= ${minStatus}', dbSource: null }]);
    expect(within(dialog).getAllByLabelText('Column').map((input) => (input as HTMLInputElement).value)).toEqual(['name', 'status']);
    expect(within(dialog).getByLabelText('Parameter')).toHaveValue('minStatus');
    await user.clear(within(dialog).getAllByLabelText('Heading')[0] as HTMLElement);
    await user.type(within(dialog).getAllByLabelText('Heading')[0] as HTMLElement, 'Station');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      code: 'report_min',
      cgrSql: 'select name, status from report.stations where status >= ${minStatus}',
      items: [
        { fieldName: 'name', fieldTxt: 'Station', fieldType: 'String', isShow: 1 },
        { fieldName: 'status', fieldTxt: 'status', fieldType: 'Integer', isShow: 1 },
      ],
      params: [{ paramName: 'minStatus', paramTxt: 'minStatus', paramValue: null }],
    });
  });

  it('shows the database’s refusal of the SQL on the SQL field', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ReportListPage />);
    await user.click(await screen.findByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add report');
    const editor = await waitFor(() => {
      const content = dialog.querySelector<HTMLElement>('.cm-content');
      if (!content) throw new Error('no editor yet');
      return content;
    });
    await user.click(editor);
    await user.keyboard('select * from sys_user');
    await user.click(within(dialog).getByRole('button', { name: /Parse SQL/ }));
    expect(await within(dialog).findByText(/permission denied for table sys_user/)).toBeInTheDocument();
  });

  it('runs the query on the chosen data source', async () => {
    setPermissions({ auth: [Permission.ReportList, Permission.ReportAdd, Permission.DataSourceList].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ReportListPage />);
    await user.click(await screen.findByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add report');
    await user.click(within(dialog).getByLabelText('Data source'));
    await user.click(await screen.findByTitle('Archive (archive)'));
    const editor = await waitFor(() => {
      const content = dialog.querySelector<HTMLElement>('.cm-content');
      if (!content) throw new Error('no editor yet');
      return content;
    });
    await user.click(editor);
    await user.keyboard('select 1 as one');
    await user.click(within(dialog).getByRole('button', { name: /Parse SQL/ }));
    await waitFor(() => expect(parsed).toEqual([{ cgrSql: 'select 1 as one', dbSource: 'archive' }]));
  });
});

describe('running a report', () => {
  let exports: Record<string, string>[] = [];
  let dataQueries: Record<string, string>[] = [];
  mockServer(
    http.get('/boot/online/cgreport/head/list', () => HttpResponse.json(envelope({ records: records.slice(0, 1), total: 1, size: 10, current: 1, pages: 1 }))),
    http.get('/boot/online/cgreport/api/getRpColumns/report_stations', () =>
      HttpResponse.json(
        envelope({
          columns: [
            { title: 'Station', dataIndex: 'name', fieldType: 'String', align: 'center', sorter: 'true', isTotal: '0' },
            { title: 'Region', dataIndex: 'region', fieldType: 'String', align: 'center', sorter: 'true', isTotal: '0' },
          ],
          dictOptions: {},
          fieldHrefSlots: [],
          isGroupTitle: false,
          cgRpConfigId: 'rp1',
          cgRpConfigName: 'Stations',
        }),
      ),
    ),
    http.get('/boot/online/cgreport/api/getQueryInfo/rp1', () => HttpResponse.json(envelope([{ label: 'Region', field: 'region', view: 'string', mode: 'single' }]))),
    http.get('/boot/online/cgreport/api/getData/rp1', ({ request }) => {
      dataQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(envelope({ total: 1, records: [{ name: 'Alpha', region: 'North' }] }));
    }),
    http.get('/boot/online/cgreport/api/exportXls/rp1', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      delete params._t;
      exports.push(params);
      return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="Stations.xlsx"' },
      });
    }),
  );
  afterEach(() => {
    exports = [];
    dataQueries = [];
    clearPermissions();
  });

  it('shows the report with its search and exports what the table shows', async () => {
    setPermissions({ auth: [Permission.ReportList, Permission.ReportView].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ReportListPage />);
    await user.click(await screen.findByRole('button', { name: /Run/ }));
    const dialog = await findDialog('Report: Stations');
    expect(await within(dialog).findByRole('cell', { name: 'Alpha' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('search').querySelector('input') as HTMLElement, 'North');
    await user.click(within(dialog).getByRole('button', { name: /Search/ }));
    // The table shows the search once it asked for it; the export asks for the same.
    await waitFor(() => expect(dataQueries.at(-1)).toMatchObject({ region: '*North*' }));
    await user.click(within(dialog).getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(exports).toEqual([{ region: '*North*' }]));
  });
});
