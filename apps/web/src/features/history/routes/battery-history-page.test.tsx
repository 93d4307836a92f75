import type { BatteryRangeHistory, BatteryRecord, Page } from '@cellsight/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import BatteryHistoryPage from './battery-history-page';

// jsdom has no canvas: the chart shows the series it was given instead of drawing them.
vi.mock('@/components/e-chart', () => ({
  EChart: ({ option, label }: { option: { series: { name: string; data: unknown[] }[] }; label: string }) => (
    <div role="img" aria-label={label}>
      {option.series.map((series) => `${series.name}: ${JSON.stringify(series.data)}`).join(' | ')}
    </div>
  ),
}));

const point = (bucketStart: string, localTime: string, soc: number, power: number) => ({
  bucketStart,
  localTime,
  samples: 1,
  socAvg: soc,
  socMin: soc - 1,
  socMax: soc + 1,
  powerAvg: power,
  powerMin: power - 100,
  powerMax: power + 100,
  voltageAvg: 51.2,
  currentAvg: 10,
  temperatureAvg: 25,
  temperatureMax: 26,
  chargeEnergy: 1.5,
  dischargeEnergy: 0.25,
});

const historyFor = (params: URLSearchParams): BatteryRangeHistory => ({
  batterySn: params.get('batterySn') ?? '',
  range: (params.get('range') ?? 'day') as BatteryRangeHistory['range'],
  period: params.get('range') === 'month' ? '1h' : '5m',
  begin: '2026-03-09T15:00:00.000Z',
  end: '2026-03-10T15:00:00.000Z',
  timezone: 'Asia/Tokyo',
  points: [point('2026-03-09T15:00:00.000Z', '2026-03-10 00:00', 40, 1000), point('2026-03-10T14:55:00.000Z', '2026-03-10 23:55', 45.5, -2500)],
  bucketCount: 3000,
  energyGrouping: 'day',
  energy: [{ label: '2026-03-10', chargeEnergy: 12.345, dischargeEnergy: 6.5 }],
});

let asked: Record<string, string>[] = [];
let exported: { path: string; params: Record<string, string> }[] = [];
let searched: (string | null)[] = [];
mockServer(
  http.get('/boot/want/battery/historyRange', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(Object.fromEntries([...params].filter(([key]) => key !== '_t')));
    return HttpResponse.json(envelope(historyFor(params)));
  }),
  http.get('/boot/want/battery/historyRange/:file', ({ request, params }) => {
    exported.push({ path: String(params.file), params: Object.fromEntries([...new URL(request.url).searchParams].filter(([key]) => key !== '_t')) });
    return new HttpResponse('Time (Asia/Tokyo),SOC (%)\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="Battery history-BAT-0001.csv"' } });
  }),
  http.get('/boot/want/battery/list', ({ request }) => {
    searched.push(new URL(request.url).searchParams.get('batterySn'));
    const page: Page<Pick<BatteryRecord, 'batterySn' | 'alias'>> = { records: [{ batterySn: 'BAT-0001', alias: 'Garage' }, { batterySn: 'BAT-0002', alias: null }], total: 2, size: 10, current: 1, pages: 1 };
    return HttpResponse.json(envelope(page));
  }),
);

configure({ defaultHidden: true });

const renderAt = (search: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={`/battery/history${search}`} />} />
      <Route path="/battery/history" element={<BatteryHistoryPage />} />
    </Routes>,
  );

beforeEach(() => {
  asked = [];
  exported = [];
  searched = [];
});

describe('battery daily and history', () => {
  it('opens the battery of the link on today, and shows the points in the chart and the table', async () => {
    renderAt('?batterySn=BAT-0001');
    const table = await screen.findByRole('table', { name: 'Readings' });
    const first = (await within(table).findByText('2026-03-10 00:00')).closest('tr') as HTMLElement;
    expect(within(first).getByText('40.0 %')).toBeInTheDocument();
    expect(within(first).getByText('1.00 kW')).toBeInTheDocument();
    expect(within(first).getByText('1.50 kWh')).toBeInTheDocument();
    const second = within(table).getByText('2026-03-10 23:55').closest('tr') as HTMLElement;
    expect(within(second).getByText('-2.50 kW')).toBeInTheDocument();
    expect(asked).toEqual([{ batterySn: 'BAT-0001', range: 'day' }]);

    const readings = await screen.findByRole('img', { name: 'Power and SOC' });
    expect(readings).toHaveTextContent('Power (kW): [["2026-03-09T15:00:00.000Z",1],["2026-03-10T14:55:00.000Z",-2.5]]');
    expect(readings).toHaveTextContent('SOC (%): [["2026-03-09T15:00:00.000Z",40],["2026-03-10T14:55:00.000Z",45.5]]');
    expect(await screen.findByRole('img', { name: 'Energy per day' })).toHaveTextContent('Charged (kWh): [12.35]');
    expect(screen.getByText(/Times in Asia\/Tokyo · 2 of 3,000 points shown, peaks kept/)).toBeInTheDocument();
  });

  it('asks for the month, the year, and a custom range only once both its days are chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('?batterySn=BAT-0001&date=2026-03-10');
    await screen.findByRole('table', { name: 'Readings' });
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ batterySn: 'BAT-0001', range: 'month', date: '2026-03-10' }));
    await user.click(screen.getByRole('radio', { name: 'Year' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ batterySn: 'BAT-0001', range: 'year', date: '2026-03-10' }));
    const before = asked.length;
    await user.click(screen.getByRole('radio', { name: 'Custom range' }));
    expect(await screen.findByText('Choose the first and last day of the range (at most 366 days).')).toBeInTheDocument();
    expect(asked).toHaveLength(before);
  });

  it('exports what is shown with the same query', async () => {
    const createObjectURL = vi.fn(() => 'blob:history');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const user = userEvent.setup({ delay: null });
    renderAt('?batterySn=BAT-0001&range=month&date=2026-03-10');
    await screen.findByRole('table', { name: 'Readings' });
    // The export waits for the points it exports (the table shows before they come).
    await waitFor(() => expect(screen.getByRole('button', { name: /Export CSV/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(exported).toEqual([{ path: 'exportCsv', params: { batterySn: 'BAT-0001', range: 'month', date: '2026-03-10' } }]));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(exported.at(-1)?.path).toBe('exportXls'));
  });

  it('without a battery asks for one, found by part of its SN', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('');
    expect(await screen.findByText('Choose a battery to see its history.')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Battery' });
    await user.click(picker);
    await user.type(picker, '0001');
    await waitFor(() => expect(searched).toContain('*0001*'));
    await user.click(await screen.findByText('BAT-0001 (Garage)'));
    await waitFor(() => expect(asked).toEqual([{ batterySn: 'BAT-0001', range: 'day' }]));
    expect(await screen.findByRole('table', { name: 'Readings' })).toBeInTheDocument();
  });
});
