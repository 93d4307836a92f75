import { type EventRecord, Permission, eventRecordSchema, eventResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import EventListPage from './event-list-page';

const events: EventRecord[] = buildRecords(eventRecordSchema, [
  {
    id: 'ev-temp',
    type: 'warning',
    type_dictText: 'Warning',
    code: 'W-TEMP-HIGH',
    category: 'temperature',
    loggerGsn: 'GW-0001',
    batterySn: 'GW-0001-B1',
    stationName: 'Harbour Storage',
    open: true,
    endTime: null,
    durationSeconds: 3_900,
    startSoc: 61.5,
    startVoltage: 52.4,
    startCurrent: -12.5,
    startPower: -655,
    startTemperature: 31.5,
    acknowledgedTime: null,
    acknowledgedByName: null,
    ackComment: null,
  },
  {
    id: 'ev-vendor',
    type: 'fault',
    type_dictText: 'Fault',
    code: 'X-VENDOR-42',
    category: 'vendor',
    loggerGsn: 'GW-0002',
    batterySn: null,
    open: false,
    durationSeconds: 45,
    startSoc: null,
    startVoltage: null,
    startCurrent: null,
    startPower: null,
    startTemperature: null,
    acknowledgedTime: '2026-11-02T08:00:00.000Z',
    acknowledgedByName: 'Demo Installer',
    ackComment: 'Checked on site',
  },
]);

describeListPage('events', {
  page: EventListPage,
  resource: eventResource,
  records: events,
  cellField: 'loggerGsn',
  columns: ['type', 'code', 'stationName', 'loggerGsn', 'batterySn', 'beginTime'],
});

describe('the events screen', () => {
  let acknowledged: unknown[] = [];
  const server = mockServer(
    http.get('/boot/want/event/list', () => HttpResponse.json(envelope({ records: events, total: 2, size: 10, current: 1, pages: 1 }))),
    http.post('/boot/want/event/acknowledge', async ({ request }) => {
      acknowledged.push(await request.json());
      return HttpResponse.json(envelope({ acknowledged: 1, alreadyAcknowledged: 0 }, 1002, '1 event(s) acknowledged'));
    }),
  );
  const grant = (...codes: string[]) => setPermissions({ auth: [Permission.EventList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
  const rowOf = async (gsn: string) => (await screen.findByText(gsn)).closest('tr') as HTMLElement;

  afterEach(async () => {
    acknowledged = [];
    clearPermissions();
    await i18n.changeLanguage('en-US');
  });

  it('shows what each code means, how long it lasted, the readings at its begin and who acknowledged it', async () => {
    grant();
    renderWithProviders(<EventListPage />);
    const open = await rowOf('GW-0001');
    expect(within(open).getByText('High temperature')).toBeInTheDocument();
    expect(within(open).getByText('Warning')).toBeInTheDocument();
    expect(within(open).getByText('Still open')).toBeInTheDocument();
    expect(within(open).getByText('1 h 5 min')).toBeInTheDocument();
    expect(within(open).getByText('61.5 % · 52.4 V · -12.5 A · -655 W · 31.5 °C')).toBeInTheDocument();
    expect(within(open).getByText('Not acknowledged')).toBeInTheDocument();
    const other = await rowOf('GW-0002');
    // Another firmware's code lists under its own name.
    expect(within(other).getByText('X-VENDOR-42')).toBeInTheDocument();
    expect(within(other).getByText('45 s')).toBeInTheDocument();
    expect(within(other).getByText(/Demo Installer/)).toBeInTheDocument();
    expect(within(other).getByText('Checked on site')).toBeInTheDocument();
  });

  it('names codes and durations in the console’s language', async () => {
    grant();
    await i18n.changeLanguage('de-DE');
    renderWithProviders(<EventListPage />);
    const open = await rowOf('GW-0001');
    expect(within(open).getByText('Erhöhte Temperatur')).toBeInTheDocument();
    expect(within(open).getByText('1 Std. 5 Min.')).toBeInTheDocument();
  });

  it('offers acknowledging only with the permission, and only for events not acknowledged yet', async () => {
    grant(Permission.EventExport);
    renderWithProviders(<EventListPage />);
    await rowOf('GW-0001');
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it('acknowledges a row with a comment, and says so', async () => {
    grant(Permission.EventAcknowledge);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EventListPage />);
    const open = await rowOf('GW-0001');
    expect(within(await rowOf('GW-0002')).queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    await user.click(within(open).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await findDialog('Acknowledge the event');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Vents cleared');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('1 event acknowledged')).toBeInTheDocument();
    expect(acknowledged).toEqual([{ ids: ['ev-temp'], comment: 'Vents cleared' }]);
  });

  it('acknowledges the selected events together, without a comment', async () => {
    grant(Permission.EventAcknowledge);
    server.use(http.post('/boot/want/event/acknowledge', async ({ request }) => {
      acknowledged.push(await request.json());
      return HttpResponse.json(envelope({ acknowledged: 1, alreadyAcknowledged: 1 }, 1002, 'done'));
    }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EventListPage />);
    await user.click(within(await rowOf('GW-0001')).getByRole('checkbox'));
    await user.click(within(await rowOf('GW-0002')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Acknowledge 2 events/ }));
    const dialog = await findDialog('Acknowledge 2 events');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('1 event had been acknowledged before and keeps its first acknowledgement')).toBeInTheDocument();
    expect(acknowledged).toEqual([{ ids: ['ev-temp', 'ev-vendor'] }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Acknowledge 2 events/ })).not.toBeInTheDocument());
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    grant(Permission.EventAcknowledge);
    server.use(http.post('/boot/want/event/acknowledge', () => HttpResponse.json(failure(4000, 'ids: Event not found', [{ field: 'ids', message: 'Event not found' }]), { status: 404 })));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EventListPage />);
    await user.click(within(await rowOf('GW-0001')).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await findDialog('Acknowledge the event');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.getAllByText(/not found/i).length).toBeGreaterThan(0));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
