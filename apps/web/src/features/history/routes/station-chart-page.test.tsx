import type { StationChart } from '@cellsight/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import StationChartPage from './station-chart-page';

vi.mock('@/components/e-chart', () => ({
  EChart: ({ option, label }: { option: { series: { name: string; data: unknown[] }[] }; label: string }) => (
    <div role="img" aria-label={label}>
      {option.series.map((series) => `${series.name}: ${JSON.stringify(series.data)}`).join(' | ')}
    </div>
  ),
}));

const chartFor = (params: URLSearchParams): StationChart => {
  const range = (params.get('range') ?? 'day') as StationChart['range'];
  return {
    id: params.get('id') ?? '',
    name: 'Tokyo',
    range,
    period: range === 'day' ? '5m' : '1d',
    begin: '2026-03-09T15:00:00.000Z',
    end: '2026-03-10T15:00:00.000Z',
    timezone: 'Asia/Tokyo',
    points: [{ bucketStart: '2026-03-09T15:00:00.000Z', localTime: '2026-03-10 00:00', power: 4.25, soc: 50, batteries: 2 }],
    bucketCount: 1,
    energyGrouping: range === 'total' ? 'year' : 'day',
    energy: range === 'total' ? [{ label: '2025', chargeEnergy: 100, dischargeEnergy: 90 }, { label: '2026', chargeEnergy: 65, dischargeEnergy: 53 }] : [{ label: '2026-03-10', chargeEnergy: 11, dischargeEnergy: 9 }],
  };
};

let asked: Record<string, string>[] = [];
let exported: { path: string; params: Record<string, string> }[] = [];
mockServer(
  http.get('/boot/want/tbStation/chart', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(Object.fromEntries([...params].filter(([key]) => key !== '_t')));
    return HttpResponse.json(envelope(chartFor(params)));
  }),
  http.get('/boot/want/tbStation/chart/:file', ({ request, params }) => {
    exported.push({ path: String(params.file), params: Object.fromEntries([...new URL(request.url).searchParams].filter(([key]) => key !== '_t')) });
    return new HttpResponse('x', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="chart.xlsx"' } });
  }),
  http.get('/boot/want/tbStation/list', () => HttpResponse.json(envelope({ records: [{ id: 'S1', name: 'Tokyo' }], total: 1, size: 100, current: 1, pages: 1 }))),
);

configure({ defaultHidden: true });

/** The address the screen keeps its state in. */
function Address() {
  return <p data-testid="address">{useLocation().search}</p>;
}

const renderAt = (search: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={`/site/chart${search}`} />} />
      <Route
        path="/site/chart"
        element={
          <>
            <StationChartPage />
            <Address />
          </>
        }
      />
    </Routes>,
  );

beforeEach(() => {
  asked = [];
  exported = [];
});

describe('the station chart', () => {
  it('shows the station’s power and SOC of today, then all time with energy per year', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('?id=S1&mctl=1');
    const table = await screen.findByRole('table', { name: 'Readings' });
    const row = (await within(table).findByText('2026-03-10 00:00')).closest('tr') as HTMLElement;
    expect(within(row).getByText('4.25 kW')).toBeInTheDocument();
    expect(within(row).getByText('50.0 %')).toBeInTheDocument();
    expect(asked).toEqual([{ id: 'S1', range: 'day' }]);
    expect(await screen.findByRole('img', { name: 'Power and SOC' })).toHaveTextContent('Power (kW): [["2026-03-09T15:00:00.000Z",4.25]]');

    await user.click(screen.getByRole('radio', { name: 'Total' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ id: 'S1', range: 'total' }));
    // The range is in the address for links and the back button; mctl stays.
    expect(screen.getByTestId('address')).toHaveTextContent('?id=S1&mctl=1&range=total');
    expect(await screen.findByRole('img', { name: 'Energy per year' })).toHaveTextContent('Charged (kWh): [100,65] | Discharged (kWh): [90,53]');
    expect(screen.queryByRole('textbox', { name: 'Day to show' })).not.toBeInTheDocument();
  });

  it('exports the chart’s points as Excel with the same query', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chart'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup({ delay: null });
    renderAt('?id=S1&range=year&date=2026-01-01');
    await screen.findByRole('table', { name: 'Readings' });
    // The export waits for the points it exports (the table shows before they come).
    await waitFor(() => expect(screen.getByRole('button', { name: /Export Excel/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(exported).toEqual([{ path: 'exportXls', params: { id: 'S1', range: 'year', date: '2026-01-01' } }]));
  });

  it('without a station asks for one, chosen by name', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('');
    expect(await screen.findByText('Choose a station to see its chart.')).toBeInTheDocument();
    expect(asked).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Station' }));
    await user.click(await screen.findByText('Tokyo'));
    await waitFor(() => expect(asked).toEqual([{ id: 'S1', range: 'day' }]));
    expect(await screen.findByRole('table', { name: 'Readings' })).toBeInTheDocument();
  });
});
