import type { DashboardAnalysis, DashboardMonitor, DashboardWorkplace, EventRecord, ServerEventMessage } from '@cellsight/contract';
import { eventRecordSchema } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDocumentTitle, isDashboardPath } from '@/lib/document-title';
import { publishLiveEvent } from '@/lib/live-events';
import { publicConfig } from '@/testing/fixtures';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import AnalysisPage from './analysis-page';
import MonitorPage from './monitor-page';
import WorkplacePage from './workplace-page';

// jsdom has no canvas: the chart shows the series it was given instead of drawing them.
vi.mock('@/components/e-chart', () => ({
  EChart: ({ option, label }: { option: { series: { name: string; data: unknown[] }[] }; label: string }) => (
    <div role="img" aria-label={label}>
      {option.series.map((series) => `${series.name}: ${JSON.stringify(series.data)}`).join(' | ')}
    </div>
  ),
}));

const trend = Array.from({ length: 30 }, (_, index) => ({ date: `2026-11-${String(index + 1).padStart(2, '0')}`, charge: index === 29 ? 12.5 : 0, discharge: index === 29 ? 4 : 0 }));
const analysis: DashboardAnalysis = {
  stations: { total: 7, fault: 1, warning: 2, normal: 3, offline: 1 },
  loggers: { total: 9, online: 8, offline: 1 },
  openEvents: { total: 3, normal: 0, warning: 1, fault: 1, protect: 1 },
  energy: { today: { charge: 12.5, discharge: 4 }, month: { charge: 120.25, discharge: 80 }, year: { charge: 1500, discharge: 1200.5 } },
  trend,
  topStations: [{ id: 'st-harbour', name: 'Harbour Storage', status: 0, faults: 3, protects: 1 }],
};
const monitor: DashboardMonitor = {
  stations: [
    { id: 'st-harbour', name: 'Harbour Storage', lat: 31.2, lon: 121.5, status: 0 },
    { id: 'st-field', name: 'Field Array', lat: 30.6, lon: 104.1, status: 2 },
  ],
  located: 2,
  unlocated: 1,
  limit: 5000,
};
const events: EventRecord[] = buildRecords(eventRecordSchema, [
  { id: 'ev-1', type: 'fault', code: 'F-OVERTEMP', stationId: 'st-harbour', stationName: 'Harbour Storage', loggerGsn: 'GW-0001', batterySn: 'GW-0001-B1', open: true, beginTime: '2026-11-20T08:00:00.000Z' },
]);
const command = (values: Partial<DashboardWorkplace['upgrades'] & object> & Record<string, unknown>) => ({
  id: 'cmd-1',
  gsn: 'GW-0001',
  batterySn: 'GW-0001-B1',
  op: 'restart' as const,
  val: '',
  status: 'acknowledged' as const,
  code: 0,
  message: null,
  progress: null,
  upgradeState: null,
  createBy: 'installer',
  createTime: '2026-11-20T09:00:00.000Z',
  sentAt: '2026-11-20T09:00:01.000Z',
  finishedAt: '2026-11-20T09:00:03.000Z',
  late: false,
  stationId: 'st-harbour',
  stationName: 'Harbour Storage',
  ...values,
});
const workplace: DashboardWorkplace = {
  openFaults: {
    total: 1,
    records: [{ id: 'ev-1', type: 'fault', code: 'F-OVERTEMP', loggerGsn: 'GW-0001', batterySn: 'GW-0001-B1', stationId: 'st-harbour', stationName: 'Harbour Storage', beginTime: '2026-11-20T08:00:00.000Z', acknowledged: false }],
  },
  recentCommands: [command({})],
  upgrades: { total: 1, records: [command({ id: 'cmd-2', op: 'upgrade', status: 'acknowledged', progress: 40, finishedAt: null })] },
};

let answers: { analysis: unknown; monitor: unknown; workplace: unknown; events: EventRecord[] } = { analysis, monitor, workplace, events };
let analysisCalls = 0;
mockServer(
  http.get('/boot/sys/public/config', () => HttpResponse.json(envelope(publicConfig))),
  http.get('/boot/want/dashboard/analysis', () => {
    analysisCalls += 1;
    return answers.analysis === 'fail' ? HttpResponse.json(failure(500, 'The database is not reachable'), { status: 500 }) : HttpResponse.json(envelope(answers.analysis));
  }),
  http.get('/boot/want/dashboard/monitor', () => HttpResponse.json(envelope(answers.monitor))),
  http.get('/boot/want/dashboard/workplace', () => HttpResponse.json(envelope(answers.workplace))),
  http.get('/boot/want/event/list', () => HttpResponse.json(envelope({ records: answers.events, total: answers.events.length, size: 20, current: 1, pages: 1 }))),
);
afterEach(() => {
  answers = { analysis, monitor, workplace, events };
  analysisCalls = 0;
});

describe('analysis dashboard', () => {
  it('shows the fleet’s figures, the trend and the stations with most faults linking to the station page', async () => {
    renderWithProviders(<AnalysisPage />);
    const stations = (await screen.findByText('Stations')).closest('.ant-card') as HTMLElement;
    expect(within(stations).getByText('7')).toBeInTheDocument();
    expect(within(stations).getByText(/Warning: 2/)).toBeInTheDocument();
    const loggers = screen.getByText('Loggers').closest('.ant-card') as HTMLElement;
    expect(within(loggers).getByText('8')).toBeInTheDocument();
    const energy = screen.getByText('Energy').closest('.ant-card') as HTMLElement;
    expect(within(within(energy).getByRole('row', { name: /This month/ })).getByText('120.25 kWh')).toBeInTheDocument();
    expect(within(energy).getByRole('row', { name: /This year/ })).toHaveTextContent('1200.50 kWh');
    expect(await screen.findByRole('img', { name: 'Daily energy of the last 30 days' })).toHaveTextContent('Charged: [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,12.5]');
    expect(screen.getByRole('link', { name: 'Harbour Storage' })).toHaveAttribute('href', '/stationmgr/detail?id=st-harbour');
  });

  it('says when there is nothing to chart or list', async () => {
    answers.analysis = { ...analysis, trend: trend.map((day) => ({ ...day, charge: 0, discharge: 0 })), topStations: [] };
    renderWithProviders(<AnalysisPage />);
    expect(await screen.findByText('No energy was recorded in these days.')).toBeInTheDocument();
    expect(screen.getByText('No fault or protect events in the last 30 days.')).toBeInTheDocument();
  });

  it('shows why the figures could not be read, with a retry', async () => {
    answers.analysis = 'fail';
    renderWithProviders(<AnalysisPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Stations')).not.toBeInTheDocument();
    answers.analysis = analysis;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Stations')).toBeInTheDocument();
  });

  it('reads the figures again when a device event comes in', async () => {
    renderWithProviders(<AnalysisPage />);
    await screen.findByText('Stations');
    const before = analysisCalls;
    act(() => publishLiveEvent({ event: 'device.event', data: { gsn: 'GW-0001', batterySn: null, type: 'fault', code: 'F-OVERTEMP', state: 'open' } } as ServerEventMessage));
    await waitFor(() => expect(analysisCalls).toBeGreaterThan(before));
  });
});

describe('monitor dashboard', () => {
  it('puts the stations on the map by status and streams events, the newest on top', async () => {
    renderWithProviders(<MonitorPage />);
    const map = await screen.findByRole('application', { name: 'Stations by status' });
    await waitFor(() => expect(map.querySelector('[title="Harbour Storage · Fault"]')).not.toBeNull());
    expect(map.querySelector('[title="Field Array · Normal"]')).not.toBeNull();
    expect(screen.getByText('Fault: 1')).toBeInTheDocument();
    expect(screen.getByText('1 station has no location and is not on the map.')).toBeInTheDocument();
    const stream = (await screen.findByText('Live events')).closest('.ant-card') as HTMLElement;
    await within(stream).findByText('Overtemperature fault');
    expect(within(stream).getByText('Overtemperature fault')).toBeInTheDocument();
    expect(within(stream).getByRole('link', { name: 'Harbour Storage' })).toHaveAttribute('href', '/stationmgr/detail?id=st-harbour');
    act(() => publishLiveEvent({ event: 'device.event', data: { gsn: 'GW-0002', batterySn: 'GW-0002-B1', type: 'protect', code: 'P-UNDERVOLT', state: 'open' } } as ServerEventMessage));
    const items = await within(stream).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Undervoltage protection');
  });

  it('says when no station has a location and no event came', async () => {
    answers = { ...answers, monitor: { stations: [], located: 0, unlocated: 0, limit: 5000 }, events: [] };
    renderWithProviders(<MonitorPage />);
    expect(await screen.findByText('None of your stations has a location yet.')).toBeInTheDocument();
    expect(await screen.findByText('No events yet.')).toBeInTheDocument();
  });
});

describe('workplace dashboard', () => {
  it('lists open faults, upgrades under way and recent commands, each linking where it is acted on', async () => {
    renderWithProviders(<WorkplacePage />);
    const faults = (await screen.findByText('1 open fault or protection')).closest('.ant-card') as HTMLElement;
    expect(within(faults).getByText('Overtemperature fault')).toBeInTheDocument();
    expect(within(faults).getByRole('link', { name: 'Harbour Storage' })).toHaveAttribute('href', '/stationmgr/detail?id=st-harbour');
    expect(within(faults).getByRole('link', { name: 'GW-0001-B1' })).toHaveAttribute('href', '/battery/detail?batterySn=GW-0001-B1');
    const upgrades = screen.getByText('1 upgrade under way').closest('.ant-card') as HTMLElement;
    expect(within(upgrades).getByText('40%')).toBeInTheDocument();
    const commands = screen.getByText('Recent commands').closest('.ant-card') as HTMLElement;
    expect(within(commands).getByText('Restart')).toBeInTheDocument();
    expect(within(commands).getByText('Done')).toBeInTheDocument();
  });

  it('says when nothing needs attention, and leaves out what the role may not see', async () => {
    answers.workplace = { openFaults: { total: 0, records: [] }, recentCommands: null, upgrades: null };
    renderWithProviders(<WorkplacePage />);
    expect(await screen.findByText('No open faults: all is well.')).toBeInTheDocument();
    expect(screen.queryByText('Recent commands')).not.toBeInTheDocument();
  });
});

describe('the dashboards’ document title', () => {
  it('is the bare platform name on the dashboards, the page title elsewhere', () => {
    expect(['/dashboard/analysis', '/dashboard/monitor', '/dashboard/workplace'].every(isDashboardPath)).toBe(true);
    expect(isDashboardPath('/dashboards-elsewhere')).toBe(false);
    expect(isDashboardPath('/site/index')).toBe(false);
    expect(formatDocumentTitle(null, 'Cellsight')).toBe('Cellsight');
  });
});
