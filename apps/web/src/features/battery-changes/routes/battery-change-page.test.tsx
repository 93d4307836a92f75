import { type BatteryChangeRecord, Permission, batteryChangeRecordSchema, batteryChangeResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { publishLiveEvent } from '@/lib/live-events';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import BatteryChangePage from './battery-change-page';

const changes: BatteryChangeRecord[] = buildRecords(batteryChangeRecordSchema, [
  { id: 'bc-detected', oldSn: 'PACK-0001', newSn: 'PACK-0002', loggerGsn: 'GW-0001', stationName: 'Harbour Storage', source: 'detected', source_dictText: 'Detected', createBy: null, remark: null, previousLoggerGsn: null },
  { id: 'bc-moved', oldSn: 'PACK-0100', newSn: 'PACK-0100', loggerGsn: 'GW-0002', stationName: 'Farm Storage', source: 'moved', source_dictText: 'Moved', createBy: 'admin', remark: null, previousLoggerGsn: 'GW-0009' },
  { id: 'bc-manual', oldSn: 'PACK-0200', newSn: 'PACK-0201', loggerGsn: 'GW-0003', stationName: null, source: 'manual', source_dictText: 'Entered by hand', createBy: 'installer', remark: 'Swapped after water damage', previousLoggerGsn: null },
]);

describeListPage('battery changes', {
  page: BatteryChangePage,
  resource: batteryChangeResource,
  records: changes,
  cellField: 'newSn',
  columns: ['oldSn', 'newSn', 'loggerGsn', 'stationName', 'changeTime', 'source', 'createBy', 'remark'],
});

describe('the battery change records screen', () => {
  let added: unknown[] = [];
  let listCalls = 0;
  const server = mockServer(
    http.get('/boot/want/batteryChange/list', () => {
      listCalls += 1;
      return HttpResponse.json(envelope({ records: changes, total: 3, size: 10, current: 1, pages: 1 }));
    }),
    http.post('/boot/want/batteryChange/add', async ({ request }) => {
      added.push(await request.json());
      return HttpResponse.json(envelope('bc-new', 1001, 'Added'));
    }),
  );
  const grant = (...codes: string[]) => setPermissions({ auth: [Permission.BatteryChangeList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
  const rowOf = async (sn: string) => (await screen.findByText(sn)).closest('tr') as HTMLElement;

  afterEach(() => {
    added = [];
    listCalls = 0;
    clearPermissions();
  });

  /** Fills the manual entry: logger, SNs, a time picked in the date-time input, a remark. */
  const fillEntry = async (user: ReturnType<typeof userEvent.setup>, values: { oldSn: string; newSn: string }) => {
    await user.click(screen.getByRole('button', { name: /Add battery replacement/ }));
    const dialog = await findDialog('Add battery replacement');
    await user.type(within(dialog).getByLabelText('Logger SN'), 'GW-0001');
    await user.type(within(dialog).getByLabelText('Old battery SN'), values.oldSn);
    await user.type(within(dialog).getByLabelText('New battery SN'), values.newSn);
    const time = within(dialog).getByLabelText('Changed');
    await user.click(time);
    await user.type(time, '2026-11-02 08:30{Enter}');
    await user.type(within(dialog).getByLabelText('Remark'), 'Swapped on site');
    return dialog;
  };

  it('shows how each change became known and who entered it', async () => {
    grant();
    renderWithProviders(<BatteryChangePage />);
    const detected = await rowOf('PACK-0002');
    expect(within(detected).getByText('Detected')).toBeInTheDocument();
    expect(within(detected).getByText('The platform')).toBeInTheDocument();
    const moved = (await screen.findAllByText('PACK-0100'))[0]?.closest('tr') as HTMLElement;
    expect(within(moved).getByText('Moved')).toBeInTheDocument();
    expect(within(moved).getByText('from GW-0009')).toBeInTheDocument();
    const manual = await rowOf('PACK-0201');
    expect(within(manual).getByText('Entered by hand')).toBeInTheDocument();
    expect(within(manual).getByText('installer')).toBeInTheDocument();
    expect(within(manual).getByText('Swapped after water damage')).toBeInTheDocument();
  });

  it('offers the manual entry only with its permission', async () => {
    grant(Permission.BatteryChangeExport);
    renderWithProviders(<BatteryChangePage />);
    await rowOf('PACK-0002');
    expect(screen.queryByRole('button', { name: /Add battery replacement/ })).not.toBeInTheDocument();
  });

  it('records a replacement entered by hand: the request carries the fields and the time in ISO 8601', async () => {
    grant(Permission.BatteryChangeAdd);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BatteryChangePage />);
    await rowOf('PACK-0002');
    const dialog = await fillEntry(user, { oldSn: 'PACK-0002', newSn: 'PACK-0003' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({ loggerGsn: 'GW-0001', oldSn: 'PACK-0002', newSn: 'PACK-0003', changeTime: dayjs('2026-11-02 08:30').toISOString(), remark: 'Swapped on site' });
  });

  it('refuses the same SN twice on the new SN before sending', async () => {
    grant(Permission.BatteryChangeAdd);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BatteryChangePage />);
    await rowOf('PACK-0002');
    const dialog = await fillEntry(user, { oldSn: 'PACK-0002', newSn: 'PACK-0002' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The new battery SN must differ from the old one')).toBeInTheDocument();
    expect(added).toEqual([]);
  });

  it('puts the server’s refusal on its field and keeps the dialog open', async () => {
    grant(Permission.BatteryChangeAdd);
    server.use(http.post('/boot/want/batteryChange/add', () => HttpResponse.json(failure(404, 'loggerGsn: logger GW-0001 not found', [{ field: 'loggerGsn', message: 'logger GW-0001 not found' }]), { status: 404 })));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BatteryChangePage />);
    await rowOf('PACK-0002');
    const dialog = await fillEntry(user, { oldSn: 'PACK-0002', newSn: 'PACK-0003' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('logger GW-0001 not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('reads the list again when a change is recorded elsewhere', async () => {
    grant();
    renderWithProviders(<BatteryChangePage />);
    await rowOf('PACK-0002');
    const before = listCalls;
    publishLiveEvent({ event: 'battery.changed', data: { gsn: 'GW-0001', oldSn: 'PACK-0002', newSn: 'PACK-0003', source: 'detected' }, at: Date.now() });
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });
});
