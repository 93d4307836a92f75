import { type BatteryHistory, type BatteryRecord, type CommandRecord, type LoggerRecord, type Page, Permission, ServerCode, commandRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import { loggerKeys } from '../api/logger-keys';
import LoggerListPage from './logger-list-page';

// jsdom has no canvas: the chart shows the series it was given instead of drawing them.
vi.mock('@/components/e-chart', () => ({
  EChart: ({ option, label }: { option: { series: { name: string; data: unknown[] }[] }; label: string }) => (
    <div role="img" aria-label={label}>
      {option.series.map((series) => `${series.name}: ${JSON.stringify(series.data)}`).join(' | ')}
    </div>
  ),
}));

const logger = (overrides: Partial<LoggerRecord>): LoggerRecord => ({
  gsn: 'GW-0001',
  alias: null,
  stationId: null,
  stationName: null,
  productCode: null,
  online: true,
  onlineChangedAt: '2026-11-22T08:00:00Z',
  lastSeen: '2026-11-22T09:15:00Z',
  signal: -67,
  firmware: '2.4.1',
  lastIp: '203.0.113.7',
  deviceType: 'CS-GW',
  brand: 'Cellsight',
  lat: 52.52,
  lon: 13.405,
  timezone: 'Europe/Berlin',
  batteryCount: 2,
  createTime: '2026-11-01T10:00:00Z',
  ...overrides,
});

const battery = (overrides: Partial<BatteryRecord>): BatteryRecord => ({
  batterySn: 'BAT-0001',
  loggerGsn: 'GW-0001',
  stationId: null,
  stationName: null,
  alias: null,
  bmsSn: null,
  bmuSn: null,
  lastTs: '2026-11-22T09:15:00Z',
  state: 'charge',
  status: 'normal',
  soc: 64.4,
  soh: 98,
  cycles: 311,
  voltage: 51.2,
  current: 20.5,
  power: 1049.6,
  temperature: 24.5,
  chargeEnergyToday: 3.25,
  dischargeEnergyToday: 1.5,
  relayMain: true,
  relayCharge: true,
  relayDischarge: false,
  hwVersion: null,
  swVersion: null,
  role: 'master',
  workMode: 'auto',
  createTime: '2026-11-01T10:00:00Z',
  ...overrides,
});

const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

let loggers: LoggerRecord[] = [];
let listQueries: Record<string, string>[] = [];
let batteryQueries: Record<string, string>[] = [];
let historyQueries: Record<string, string>[] = [];
let operations: Record<string, unknown>[] = [];
const upgrade = (overrides: Partial<CommandRecord>): CommandRecord =>
  buildRecord(commandRecordSchema, { id: 'cmd-9', gsn: 'GW-0001', op: 'upgrade', status: 'acknowledged', code: 0, message: null, late: false, sentAt: '2026-11-24T10:00:00Z', finishedAt: null, ...overrides });

const server = setupServer(
  http.get('/boot/want/logger/list', ({ request }) => {
    const params = new URL(request.url).searchParams;
    params.delete('_t');
    listQueries.push(Object.fromEntries(params));
    return HttpResponse.json(envelope(page(loggers)));
  }),
  http.get('/boot/want/battery/list', ({ request }) => {
    const params = new URL(request.url).searchParams;
    params.delete('_t');
    batteryQueries.push(Object.fromEntries(params));
    return HttpResponse.json(envelope(page([battery({}), battery({ batterySn: 'BAT-0002', role: 'slave', state: 'idle', status: 'fault', soc: 12, power: 0 })])));
  }),
  http.get('/boot/want/battery/cellHistory', ({ request }) => {
    const batterySn = new URL(request.url).searchParams.get('batterySn') ?? '';
    return HttpResponse.json(envelope({ batterySn, date: '2026-11-22', timezone: 'UTC', kind: 'voltage', bucketMinutes: 5, buckets: [], cells: [] }));
  }),
  http.get('/boot/want/firmware/versions', ({ request }) =>
    HttpResponse.json(
      envelope(
        new URL(request.url).searchParams.get('deviceType') === 'logger'
          ? [
              { id: 'fw-gw-new', version: '2.5.0', size: 1048576, remark: 'Faster reconnects', createTime: '2026-11-20T08:00:00Z' },
              { id: 'fw-gw-now', version: '2.4.1', size: 1040000, remark: null, createTime: '2026-10-01T08:00:00Z' },
            ]
          : [{ id: 'fw-bms', version: 'S3.5.0', size: 524288, remark: null, createTime: '2026-11-20T08:00:00Z' }],
      ),
    ),
  ),
  http.post('/boot/want/device/operate', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    operations.push(body);
    if (body.gsno === 'GW-0002') return HttpResponse.json(failure(ServerCode.DEVICE_OFFLINE, 'The logger is offline'), { status: 400 });
    return HttpResponse.json(envelope(upgrade({ status: 'sent', code: null })));
  }),
  http.get('/boot/want/command/queryById', () => HttpResponse.json(envelope(upgrade({ upgradeState: 'installing', progress: 100 })))),
  http.get('/boot/want/battery/cells', ({ request }) => {
    const batterySn = new URL(request.url).searchParams.get('batterySn') ?? '';
    if (batterySn === 'BAT-0002') return HttpResponse.json(failure(4000, 'not found'), { status: 404 });
    return HttpResponse.json(envelope({ batterySn, ts: '2026-11-22T09:15:00.000Z', cellVoltages: [3.301, 3.298, 3.312, 3.295], cellTemperatures: [24.5, 26] }));
  }),
  http.get('/boot/want/battery/history', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    historyQueries.push(params);
    const point = { samples: 12, socMin: 60, socMax: 62, powerMin: 0, powerMax: 2000, voltageAvg: 51, currentAvg: 20, temperatureAvg: 25, temperatureMax: 26, chargeEnergy: 4.5, dischargeEnergy: 1.25 };
    const history: BatteryHistory = {
      batterySn: params.batterySn ?? '',
      period: params.period as BatteryHistory['period'],
      begin: '2026-11-21T09:00:00.000Z',
      end: '2026-11-22T09:00:00.000Z',
      timezone: 'Europe/Berlin',
      points: params.period === '1h' ? [] : [{ ...point, bucketStart: '2026-11-21T23:00:00.000Z', socAvg: 61.04, powerAvg: 1500 }],
    };
    return HttpResponse.json(envelope(history));
  }),
);

configure({ defaultHidden: true });

const rowOf = (gsn: string): HTMLElement => {
  const row = screen.getByRole('cell', { name: gsn }).closest('tr');
  if (!row) throw new Error(`no row for ${gsn}`);
  return row;
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  loggers = [logger({}), logger({ gsn: 'GW-0002', online: false, batteryCount: 0, signal: null, lat: null, lon: null })];
  listQueries = [];
  batteryQueries = [];
  historyQueries = [];
  operations = [];
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearPermissions();
});
afterAll(() => server.close());

describe('Loggers screen', () => {
  it('lists loggers with their state, newest first, through the list contract', async () => {
    renderWithProviders(<LoggerListPage />);
    expect(await screen.findByRole('cell', { name: 'GW-0001' })).toBeInTheDocument();
    expect(within(rowOf('GW-0001')).getByText('Online')).toBeInTheDocument();
    expect(within(rowOf('GW-0001')).getByText('-67 dBm')).toBeInTheDocument();
    expect(within(rowOf('GW-0001')).getByText('52.52000, 13.40500')).toBeInTheDocument();
    expect(within(rowOf('GW-0002')).getByText('Offline')).toBeInTheDocument();
    expect(listQueries[0]).toEqual({ pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' });
  });

  it('searches by part of the SN and by online state', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    const search = screen.getByRole('search', { name: 'Search Loggers' });
    await user.type(within(search).getByLabelText('Logger SN'), '0002');
    await user.click(within(search).getByLabelText('State'));
    await user.click(await screen.findByTitle('Offline'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ gsn: '*0002*', online: 'false', pageNo: '1' }));
  });

  it('opens a logger to show its batteries’ latest readings', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    await user.click(within(rowOf('GW-0001')).getByRole('button', { name: /expand/i }));
    const table = await screen.findByRole('table', { name: 'Batteries of logger GW-0001' });
    expect(await within(table).findByRole('cell', { name: 'BAT-0001' })).toBeInTheDocument();
    const first = within(table).getByRole('cell', { name: 'BAT-0001' }).closest('tr') as HTMLElement;
    expect(within(first).getByText('Charging')).toBeInTheDocument();
    expect(within(first).getByText('1.05 kW')).toBeInTheDocument();
    expect(within(first).getByText('3.25 kWh')).toBeInTheDocument();
    const second = within(table).getByRole('cell', { name: 'BAT-0002' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Fault')).toBeInTheDocument();
    expect(within(second).getByText('Slave')).toBeInTheDocument();
    expect(batteryQueries[0]).toMatchObject({ loggerGsn: 'GW-0001', column: 'batterySn', order: 'asc' });
  });

  it('charts a battery’s last day, and says so when a range has no readings', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    await user.click(within(rowOf('GW-0001')).getByRole('button', { name: /expand/i }));
    await user.click(await screen.findByRole('button', { name: 'History of BAT-0001' }));
    const chart = await screen.findByRole('img', { name: 'BAT-0001: Last 24 hours' });
    expect(chart).toHaveTextContent('SOC (average): [["2026-11-21T23:00:00.000Z",61]] | Power (average): [["2026-11-21T23:00:00.000Z",1.5]]');
    expect(historyQueries[0]).toMatchObject({ batterySn: 'BAT-0001', period: '5m' });

    await user.click(screen.getByText('Last 7 days'));
    expect(await screen.findByText('No readings in this period.')).toBeInTheDocument();
    expect(historyQueries.at(-1)).toMatchObject({ period: '1h' });

    await user.click(screen.getByText('Last 30 days'));
    expect(await screen.findByRole('img', { name: 'BAT-0001: Last 30 days' })).toHaveTextContent('Charged: [4.5] | Discharged: [1.25]');
    expect(screen.getByText(/station's time zone \(Europe\/Berlin\)/)).toBeInTheDocument();
  });

  it('registers loggers, refusing a repeated SN and putting server errors on their row', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/boot/want/logger/registerBatch', async ({ request }) => {
        const body = (await request.json()) as { loggers: { key: string }[] };
        bodies.push(body);
        if (body.loggers.some((row) => row.key === 'rejected-key')) {
          return HttpResponse.json(failure(4004, 'invalid', [{ field: 'loggers[1].key', message: 'must be printable characters without spaces' }]), { status: 400 });
        }
        return HttpResponse.json(envelope({ registered: 1, existing: 1 }, 1001, 'Registered'));
      }),
    );
    setPermissions({ auth: [{ action: Permission.LoggerRegister, type: '1', describe: 'register', status: '1' }], allAuth: [] });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    await user.click(screen.getByRole('button', { name: /Register loggers/ }));
    const dialog = await findDialog('Register loggers');
    await user.type(within(dialog).getByLabelText('Logger SN, row 1'), 'GW-0009');
    await user.type(within(dialog).getByLabelText('Registration key, row 1'), 'first-key-1');
    await user.click(within(dialog).getByRole('button', { name: /Add a logger/ }));
    await user.type(within(dialog).getByLabelText('Logger SN, row 2'), 'GW-0009');
    await user.type(within(dialog).getByLabelText('Registration key, row 2'), 'rejected-key');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect((await within(dialog).findAllByText('GW-0009 is repeated')).length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Logger SN, row 2'));
    await user.type(within(dialog).getByLabelText('Logger SN, row 2'), 'GW-0010');
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('must be printable characters without spaces')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      loggers: [
        { gsn: 'GW-0009', key: 'first-key-1', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        { gsn: 'GW-0010', key: 'rejected-key', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      ],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Remove row 2' }));
    const listsBefore = listQueries.length;
    await user.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('1 registered; 1 were registered already')).toBeInTheDocument();
    await waitFor(() => expect(listQueries.length).toBeGreaterThan(listsBefore));
  });

  it('offers registration only with the permission', async () => {
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    expect(screen.queryByRole('button', { name: /Register loggers/ })).not.toBeInTheDocument();
    expect(within(rowOf('GW-0001')).queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('upgrades a logger’s own firmware from the library after a confirmation, and says when the logger is offline', async () => {
    const user = userEvent.setup({ delay: null });
    setPermissions({ auth: [{ action: Permission.CommandUpgrade, describe: '', type: '1', status: '1' }], allAuth: [] });
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    await user.click(within(rowOf('GW-0001')).getByRole('button', { name: /Upgrade/ }));
    const dialog = await findDialog('Upgrade logger GW-0001');
    expect(within(dialog).getByText('2.4.1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Firmware version' }));
    // Logger firmware only, and not the version it runs.
    expect(await screen.findByTitle(/^2\.4\.1/)).toHaveClass('ant-select-item-option-disabled');
    expect(screen.queryByTitle(/^S3\.5\.0/)).toBeNull();
    await user.click(screen.getByTitle(/^2\.5\.0/));
    await user.click(within(dialog).getByRole('button', { name: 'Start upgrade' }));
    await user.click(within((await screen.findByText('Upgrade the logger?')).closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Start upgrade' }));
    await waitFor(() => expect(operations).toEqual([{ gsno: 'GW-0001', op: 'upgrade', val: JSON.stringify({ firmwareId: 'fw-gw-new' }) }]));
    const progress = await within(dialog).findByRole('status', { name: 'Progress of the Upgrade command' });
    expect(await within(progress).findByText('Installing')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(within(rowOf('GW-0002')).getByRole('button', { name: /Upgrade/ }));
    const offline = await findDialog('Upgrade logger GW-0002');
    await user.click(within(offline).getByRole('combobox', { name: 'Firmware version' }));
    await user.click((await screen.findAllByTitle(/^2\.5\.0/)).at(-1) as HTMLElement);
    await user.click(within(offline).getByRole('button', { name: 'Start upgrade' }));
    await user.click(within((await screen.findAllByText('Upgrade the logger?')).at(-1)?.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Start upgrade' }));
    expect(await within(offline).findByText('The logger is offline and cannot be upgraded.')).toBeInTheDocument();
  });

  it('shows the cells of a battery’s latest reading, with the spread between them', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    await user.click(within(rowOf('GW-0001')).getByRole('button', { name: /expand/i }));
    await user.click(await screen.findByRole('button', { name: 'History of BAT-0001' }));
    await user.click(await screen.findByRole('tab', { name: 'Cells' }));
    const voltages = await screen.findByRole('img', { name: 'Cell voltages of BAT-0001' });
    expect(voltages).toHaveTextContent('Cell voltage: [{"value":3.301');
    expect(screen.getByText('Highest (cell 3)')).toBeInTheDocument();
    expect(screen.getByText('Lowest (cell 4)')).toBeInTheDocument();
    const spread = screen.getByText('Spread').closest('.ant-statistic') as HTMLElement;
    expect(spread).toHaveTextContent('17mV');
    expect(screen.getByRole('img', { name: 'Cell temperatures of BAT-0001' })).toHaveTextContent('Cell temperature: [{"value":24.5');
  });

  it('says so when a battery has no reading with cells yet', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    await user.click(within(rowOf('GW-0001')).getByRole('button', { name: /expand/i }));
    await user.click(await screen.findByRole('button', { name: 'History of BAT-0002' }));
    await user.click(await screen.findByRole('tab', { name: 'Cells' }));
    expect(await screen.findByText('This battery has not reported any cells yet.')).toBeInTheDocument();
  });

  it('shows a changed online state when live events invalidate the loggers', async () => {
    const { queryClient } = renderWithProviders(<LoggerListPage />);
    await screen.findByRole('cell', { name: 'GW-0001' });
    loggers = [logger({ online: false }), loggers[1] as LoggerRecord];
    await queryClient.invalidateQueries({ queryKey: loggerKeys.all });
    await waitFor(() => expect(within(rowOf('GW-0001')).getByText('Offline')).toBeInTheDocument());
  });

  it('explains a failed load and retries on request', async () => {
    server.use(http.get('/boot/want/logger/list', () => HttpResponse.json(failure(510, 'no permission'), { status: 403 }), { once: true }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoggerListPage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await user.click(retry);
    expect(await screen.findByRole('cell', { name: 'GW-0001' })).toBeInTheDocument();
  });
});
