import { type LoggerRecord, Permission, loggerRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, failure, findDialog, mockServer, renderWithProviders, tableBodyRows } from '@/testing/feature-test-utils';
import LoggerListPage from './logger-list-page';

/** The Loggers screen now that loggers belong to stations: station column, alias, unbind, import. */

const logger = (overrides: Partial<LoggerRecord>): LoggerRecord =>
  buildRecord(loggerRecordSchema, { alias: null, stationId: null, stationName: null, productCode: null, online: true, batteryCount: 0, signal: null, lat: null, lon: null, ...overrides });

let loggers: LoggerRecord[] = [];
let listReads = 0;
let edits: unknown[] = [];
let unbinds: unknown[] = [];
let imports: string[] = [];

const server = mockServer(
  http.get('/boot/want/logger/list', () => {
    listReads++;
    return HttpResponse.json(envelope({ records: loggers, total: loggers.length, size: 10, current: 1, pages: 1 }));
  }),
  http.post('/boot/want/logger/edit', async ({ request }) => {
    const body = (await request.json()) as { gsn: string; alias: string | null };
    edits.push(body);
    loggers = loggers.map((row) => (row.gsn === body.gsn ? { ...row, alias: body.alias } : row));
    return HttpResponse.json(envelope(null, 1002, 'Edited'));
  }),
  http.post('/boot/want/logger/unbind', async ({ request }) => {
    const body = (await request.json()) as { gsn: string };
    unbinds.push(body);
    loggers = loggers.map((row) => (row.gsn === body.gsn ? { ...row, stationId: null, stationName: null } : row));
    return HttpResponse.json(envelope(null, 1002, 'Unbound'));
  }),
  http.post('/boot/want/logger/importPreview', async ({ request }) => {
    // jsdom's File reaches Node's fetch without its name or bytes: that a `file` part came is what the test can see.
    imports.push((await request.formData()).has('file') ? 'file' : 'none');
    return HttpResponse.json(
      failure(4002, 'The file was not imported', [
        { row: 2, field: 'gsn', message: 'is the template’s example row: replace it with your own loggers' },
        { row: 3, field: 'key', message: 'must be at least 8 characters' },
        { row: 5, field: 'gsn', message: 'cannot be registered: it is registered with another key or to another account' },
      ]),
      { status: 400 },
    );
  }),
);

const grant = (...codes: string[]) => setPermissions({ auth: [Permission.LoggerList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
const writes = [Permission.LoggerEdit, Permission.LoggerUnbind, Permission.LoggerImport, Permission.LoggerRegister];

const rowOf = (gsn: string): HTMLElement => {
  const row = screen.getByRole('cell', { name: new RegExp(`^${gsn}`) }).closest('tr');
  if (!row) throw new Error(`no row for ${gsn}`);
  return row;
};
const renderPage = async () => {
  const view = renderWithProviders(<LoggerListPage />);
  await screen.findByRole('cell', { name: 'GW-BOUND' });
  return view;
};

beforeEach(() => {
  loggers = [
    logger({ gsn: 'GW-BOUND', alias: 'Garage', stationId: 'st-1', stationName: 'Sunny Farm', productCode: 'PACK-7788' }),
    logger({ gsn: 'GW-LOOSE' }),
  ];
  listReads = 0;
  edits = [];
  unbinds = [];
  imports = [];
});
afterEach(() => {
  clearPermissions();
  session.clear();
});

describe('Loggers bound to stations', () => {
  it('names each logger’s station, linking to it, or says it is not bound; and shows the battery module SN', async () => {
    grant();
    await renderPage();
    expect(screen.getByRole('columnheader', { name: 'Station' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Battery module SN' })).toBeInTheDocument();
    const station = within(rowOf('GW-BOUND')).getByRole('link', { name: 'Sunny Farm' });
    expect(station).toHaveAttribute('href', '/stationmgr/detail?id=st-1');
    expect(within(rowOf('GW-BOUND')).getByText('PACK-7788')).toBeInTheDocument();
    expect(within(rowOf('GW-LOOSE')).getByText('Not bound')).toBeInTheDocument();
    expect(within(rowOf('GW-LOOSE')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('edits an alias in place, clears it when emptied, and shows the server’s refusal on the input', async () => {
    grant(Permission.LoggerEdit);
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(within(rowOf('GW-LOOSE')).getByRole('button', { name: 'Edit the alias of GW-LOOSE' }));
    await user.type(screen.getByRole('textbox', { name: 'Alias of GW-LOOSE' }), '  Boat house {Enter}');
    expect(await screen.findByText('The alias of GW-LOOSE was saved')).toBeInTheDocument();
    expect(edits).toEqual([{ gsn: 'GW-LOOSE', alias: 'Boat house' }]);
    expect(await within(rowOf('GW-LOOSE')).findByText('Boat house')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Alias of GW-LOOSE' })).not.toBeInTheDocument();

    // Too long for the contract: refused before sending.
    await user.click(within(rowOf('GW-BOUND')).getByRole('button', { name: 'Edit the alias of GW-BOUND' }));
    const input = screen.getByRole('textbox', { name: 'Alias of GW-BOUND' });
    expect(input).toHaveValue('Garage');
    await user.clear(input);
    await user.type(input, `${'x'.repeat(65)}{Enter}`);
    expect(await screen.findByText('At most 64 characters')).toBeInTheDocument();
    expect(edits).toHaveLength(1);

    // Emptied: the alias is cleared.
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save the alias of GW-BOUND' }));
    expect(await screen.findByText('The alias of GW-BOUND was cleared')).toBeInTheDocument();
    expect(edits[1]).toEqual({ gsn: 'GW-BOUND', alias: null });
    await waitFor(() => expect(within(rowOf('GW-BOUND')).queryByText('Garage')).not.toBeInTheDocument());

    server.use(
      http.post('/boot/want/logger/edit', () => HttpResponse.json(failure(4004, 'alias: must be at most 64 characters', [{ field: 'alias', message: 'must be at most 64 characters' }]), { status: 400 }), { once: true }),
    );
    await user.click(within(rowOf('GW-BOUND')).getByRole('button', { name: 'Edit the alias of GW-BOUND' }));
    await user.type(screen.getByRole('textbox', { name: 'Alias of GW-BOUND' }), 'Shed{Enter}');
    expect(await screen.findByText('must be at most 64 characters')).toBeInTheDocument();
    // Escape leaves the alias as it was.
    await user.type(screen.getByRole('textbox', { name: 'Alias of GW-BOUND' }), '{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Alias of GW-BOUND' })).not.toBeInTheDocument();
  });

  it('unbinds a bound logger after a confirmation naming it and its station', async () => {
    grant(Permission.LoggerUnbind);
    const user = userEvent.setup({ delay: null });
    await renderPage();
    expect(within(rowOf('GW-LOOSE')).queryByRole('button', { name: 'Unbind GW-LOOSE from its station' })).not.toBeInTheDocument();
    await user.click(within(rowOf('GW-BOUND')).getByRole('button', { name: 'Unbind GW-BOUND from its station' }));
    const dialog = await findDialog('Unbind logger GW-BOUND from Sunny Farm?');
    expect(within(dialog).getByText('Its data stays; it stops showing on the station.')).toBeInTheDocument();
    expect(unbinds).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Unbind' }));
    expect(await screen.findByText('Logger GW-BOUND was unbound from Sunny Farm')).toBeInTheDocument();
    expect(unbinds).toEqual([{ gsn: 'GW-BOUND' }]);
    expect(await within(rowOf('GW-BOUND')).findByText('Not bound')).toBeInTheDocument();
  });

  it('shows every refused cell of an import with its row, and downloads the template', async () => {
    grant(Permission.LoggerImport);
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:template'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const languages: (string | null)[] = [];
    server.use(
      http.get('/boot/want/logger/importTemplate', ({ request }) => {
        languages.push(request.headers.get('accept-language'));
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="template.xlsx"; filename*=UTF-8''Logger%20import%20template.xlsx` },
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(saved).toEqual(['Logger import template.xlsx']));
    expect(languages).toEqual(['en-US']);
    click.mockRestore();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'loggers.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    const report = await findDialog('Import');
    expect(imports).toEqual(['file']);
    expect(within(report).getByText('Nothing was imported: the file has 3 problems')).toBeInTheDocument();
    const rows = tableBodyRows(report);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/2\s*Logger SN\s*The template's example row: replace it with your own loggers/);
    expect(rows[1]).toHaveTextContent(/3\s*Registration key\s*must be at least 8 characters/);
    expect(rows[2]).toHaveTextContent(/5\s*Logger SN\s*Registered with another key or to another account/);
  });

  it('shows the file’s loggers in the grid, refuses rows that break the rules, and imports the corrected rows', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/boot/want/logger/importPreview', () =>
        HttpResponse.json(
          envelope({
            rows: [
              { row: 2, gsn: 'IMP-0001', key: 'import-key-01', timezone: 'Europe/Berlin' },
              { row: 3, gsn: 'IMP-0001', key: 'short', timezone: 'Mars/Base' },
            ],
          }),
        ),
      ),
      http.post('/boot/want/logger/importRows', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(envelope({ imported: 2 }, 1001, 'Imported 2 loggers'));
      }),
    );
    grant(Permission.LoggerImport);
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const readsBefore = listReads;
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'loggers.xls', { type: 'application/vnd.ms-excel' }));
    const dialog = await findDialog('Check the loggers of loggers.xls');
    const cell = (field: string, row: number) => within(dialog.querySelectorAll<HTMLElement>(`[data-field="${field}"]`)[row] as HTMLElement).getByRole('textbox');
    expect(cell('gsn', 1)).toHaveValue('IMP-0001');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Please correct the highlighted cells')).toBeInTheDocument();
    expect(sent).toEqual([]);
    const invalid = () => [...dialog.querySelectorAll('[aria-invalid="true"]')].map((element) => element.getAttribute('data-field'));
    expect(invalid()).toEqual(['gsn', 'gsn', 'key', 'timezone']);
    expect(await screen.findByText('Logger SN must not repeat')).toBeInTheDocument();

    await user.clear(cell('gsn', 1));
    await user.type(cell('gsn', 1), 'IMP-0002');
    await user.clear(cell('key', 1));
    await user.type(cell('key', 1), 'import-key-02');
    await user.clear(cell('timezone', 1));
    await waitFor(() => expect(invalid()).toEqual([]));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      loggers: [
        { gsn: 'IMP-0001', key: 'import-key-01', timezone: 'Europe/Berlin' },
        { gsn: 'IMP-0002', key: 'import-key-02' },
      ],
    });
    expect(await screen.findByText('2 loggers imported')).toBeInTheDocument();
    await waitFor(() => expect(listReads).toBeGreaterThan(readsBefore));
  });

  it('shows a refusal of the corrected rows on its cell, in the console’s words', async () => {
    server.use(
      http.post('/boot/want/logger/importPreview', () => HttpResponse.json(envelope({ rows: [{ row: 2, gsn: 'IMP-0003', key: 'import-key-03', timezone: '' }] }))),
      http.post('/boot/want/logger/importRows', () =>
        HttpResponse.json(failure(4002, 'loggers[0].gsn: cannot be registered', [{ field: 'loggers[0].gsn', message: 'cannot be registered: it is registered with another key or to another account' }]), { status: 400 }),
      ),
    );
    grant(Permission.LoggerImport);
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'loggers.xlsx', { type: 'application/vnd.ms-excel' }));
    const dialog = await findDialog('Check the loggers of loggers.xlsx');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(dialog.querySelector('[data-field="gsn"]')).toHaveAttribute('aria-invalid', 'true'));
    expect(await screen.findByText('Registered with another key or to another account')).toBeInTheDocument();
  });

  it('checks a registered logger’s SN and key by the contract’s rules, in the validation namespace’s words', async () => {
    grant(Permission.LoggerRegister);
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('button', { name: /Register loggers/ }));
    const dialog = await findDialog('Register loggers');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Please enter the Logger SN!')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the registration key!')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Logger SN, row 1'), 'GW 01');
    await user.type(within(dialog).getByLabelText('Registration key, row 1'), 'short');
    expect(await within(dialog).findByText('4 to 32 letters, digits, dashes or underscores')).toBeInTheDocument();
    expect(await within(dialog).findByText('8 to 64 printable characters without spaces')).toBeInTheDocument();
  });

  it('offers the demo account none of the write actions, whatever it was granted', async () => {
    session.setUserInfo(userInfo({ demo: true }));
    grant(...writes);
    await renderPage();
    expect(screen.queryByRole('button', { name: /Edit the alias/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unbind/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download template/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Register loggers/ })).not.toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('offers each write action only with its permission', async () => {
    grant();
    const { unmount } = await renderPage();
    expect(screen.queryByRole('button', { name: /Edit the alias/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unbind/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
    unmount();
    grant(...writes);
    await renderPage();
    expect(screen.getAllByRole('button', { name: /Edit the alias/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Unbind GW-BOUND from its station' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Import/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download template/ })).toBeInTheDocument();
  });
});
