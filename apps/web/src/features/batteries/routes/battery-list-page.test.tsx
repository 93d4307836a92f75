import { type BatteryRecord, type Page, Permission, batteryRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import BatteryListPage from './battery-list-page';

const pack: BatteryRecord = buildRecord(batteryRecordSchema, {
  batterySn: 'PACK-0001',
  loggerGsn: 'GW-0001',
  stationId: 'st-1',
  stationName: 'Harbour Storage',
  state: 'discharge',
  status: 'warning',
  soc: 42.4,
  soh: 97.25,
  voltage: 51.234,
  relayMain: true,
  relayCharge: false,
  relayDischarge: null,
  role: 'slave',
});

let queries: Record<string, string>[] = [];
mockServer(
  http.get('/boot/want/battery/list', ({ request }) => {
    queries.push(Object.fromEntries(new URL(request.url).searchParams));
    const page: Page<BatteryRecord> = { records: [pack], total: 1, size: 10, current: 1, pages: 1 };
    return HttpResponse.json(envelope(page));
  }),
);

beforeEach(() => {
  queries = [];
  setPermissions({ auth: [Permission.BatteryIndex, Permission.BatteryExport].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
});
afterEach(() => clearPermissions());

describe('battery list', () => {
  it('shows a battery’s reading in words and at the platform’s precision, with links to its detail and station', async () => {
    renderWithProviders(<BatteryListPage />);
    const row = (await screen.findByRole('link', { name: 'PACK-0001' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'PACK-0001' })).toHaveAttribute('href', '/battery/detail?batterySn=PACK-0001');
    expect(within(row).getByRole('link', { name: 'Harbour Storage' })).toHaveAttribute('href', '/stationmgr/detail?id=st-1');
    expect(within(row).getByText('Discharging')).toBeInTheDocument();
    expect(within(row).getByText('Warning').className).toMatch(/ant-tag-warning\b/);
    expect(within(row).getByText('Slave')).toBeInTheDocument();
    expect(within(row).getByText('97.3')).toBeInTheDocument();
    expect(within(row).getByText('51.23')).toBeInTheDocument();
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'SOC of PACK-0001' })).toBeInTheDocument();
  });

  it('searches by station, status and SOC and SOH ranges', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BatteryListPage />);
    await screen.findByRole('link', { name: 'PACK-0001' });
    await user.type(screen.getByRole('textbox', { name: 'Station' }), 'harbour');
    await user.type(screen.getByRole('spinbutton', { name: 'SOC (%) from' }), '20');
    await user.type(screen.getByRole('spinbutton', { name: 'SOC (%) to' }), '80');
    await user.type(screen.getByRole('spinbutton', { name: 'SOH (%) from' }), '90');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Fault'));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ stationName: '*harbour*', status: 'fault', soc_begin: '20', soc_end: '80', soh_begin: '90', pageNo: '1' }));
    expect(queries.at(-1)).not.toHaveProperty('soh_end');
  });
});
