import { type BatteryRecord, type LoggerRecord, type Page, Permission, type StationRecord, batteryRecordSchema, loggerRecordSchema, stationRecordSchema } from '@cellsight/contract';
import { buildRecord, buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import StationDetailPage from './station-detail-page';

const image = 'station/20260105/0123456789abcdef0123456789abcdef.jpg';
const main: StationRecord = buildRecord(stationRecordSchema, {
  id: 'st-1',
  pid: '0',
  name: 'Harbour Storage',
  stationType: 1,
  timezone: 324,
  zone: 'Europe/Berlin',
  lat: 53.54321,
  lon: 9.98765,
  address: 'Kai 4, Hamburg',
  thumbUrl: image,
  customer: 'Hafen GmbH',
  phone: '+49 40 123456',
  email: 'ops@hafen.example',
  region: 'Hamburg',
  remark: 'Gate code 1234',
  inverterBrand: 'Sunways',
  inverterModel: 'STH-30K',
  inverterQuantity: 3,
  ownerName: 'Olga Owner',
  installerName: 'Ingo Installer',
  distributorName: 'Dora Distributor',
  status: 1,
  status_dictText: 'Warning',
  power: 12.5,
  socAvg: 64.44,
  chargeToday: 30.25,
  dischargeToday: 11,
  loggersOnline: 1,
  loggerCount: 2,
  batteryCount: 3,
  subStationCount: 2,
});
const subStations: StationRecord[] = buildRecords(stationRecordSchema, [
  { id: 'st-1a', pid: 'st-1', name: 'Harbour East', zone: 'Europe/Berlin', status: 2, status_dictText: 'Normal', subStationCount: 0 },
  { id: 'st-1b', pid: 'st-1', name: 'Harbour West', zone: 'Europe/Berlin', status: 3, status_dictText: 'Offline', subStationCount: 0 },
]);
const loggers: LoggerRecord[] = buildRecords(loggerRecordSchema, [
  { gsn: 'GW-0001', alias: 'Roof', online: true, firmware: '2.4.1', lastSeen: '2026-11-22T09:15:00Z', productCode: 'PACK-A1', stationId: 'st-1' },
  { gsn: 'GW-0002', alias: null, online: false, firmware: '2.3.0', lastSeen: '2026-11-20T18:00:00Z', productCode: 'PACK-B2', stationId: 'st-1' },
]);
const batteries: BatteryRecord[] = buildRecords(batteryRecordSchema, [
  { batterySn: 'BAT-0001', loggerGsn: 'GW-0001', state: 'charge', status: 'normal', soc: 64.4, lastTs: '2026-11-22T09:15:00Z' },
  { batterySn: 'BAT-0002', loggerGsn: 'GW-0001', state: 'idle', status: 'fault', soc: 12, lastTs: '2026-11-22T09:14:00Z' },
]);
const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

let deviceQueries: { path: string; params: Record<string, string> }[] = [];
const paramsOf = (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  delete params._t;
  return params;
};
const server = mockServer(
  http.get('/boot/want/tbStation/queryById', ({ request }) => {
    const station = [main, ...subStations].find((s) => s.id === paramsOf(request).id);
    return station ? HttpResponse.json(envelope(station)) : HttpResponse.json(failure(4000, 'Record not found'), { status: 404 });
  }),
  http.get('/boot/want/tbStation/list', ({ request }) => HttpResponse.json(envelope(page(subStations.filter((s) => s.pid === paramsOf(request).pid))))),
  http.get('/boot/want/logger/list', ({ request }) => {
    deviceQueries.push({ path: 'logger', params: paramsOf(request) });
    return HttpResponse.json(envelope(page(paramsOf(request).stationId === 'st-1' ? loggers : [])));
  }),
  http.get('/boot/want/battery/list', ({ request }) => {
    deviceQueries.push({ path: 'battery', params: paramsOf(request) });
    return HttpResponse.json(envelope(page(paramsOf(request).stationId === 'st-1' ? batteries : [])));
  }),
);

const grant = (...codes: string[]) => setPermissions({ auth: [Permission.StationList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

function Elsewhere({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} ${location.search}`}</p>;
}

/** The page at /stationmgr/detail with the given query, and the pages it leads to. */
const renderDetail = (search: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={`/stationmgr/detail${search}`} />} />
      <Route path="/stationmgr/detail" element={<StationDetailPage />} />
      <Route path="/site/index" element={<Elsewhere name="Station list" />} />
      <Route path="/site/add" element={<Elsewhere name="Station wizard" />} />
      <Route path="/site/edit" element={<Elsewhere name="Station edit" />} />
    </Routes>,
  );

const cardOf = (title: string): HTMLElement => {
  const card = screen.getByText(title, { selector: '.ant-card-head-title, .ant-card-head-title *' }).closest<HTMLElement>('.ant-card');
  if (!card) throw new Error(`no card ${title}`);
  return card;
};

beforeEach(() => {
  deviceQueries = [];
});
afterEach(() => {
  clearPermissions();
  session.clear();
});

describe('station page', () => {
  it('shows the station’s fields, image and latest figures, today counted in the station’s zone', async () => {
    grant();
    renderDetail('?id=st-1');
    expect(await screen.findByText('Harbour Storage')).toBeInTheDocument();
    expect(screen.getByText('Warning').className).toMatch(/ant-tag-orange\b/);

    const figures = within(screen.getByRole('region', { name: 'Latest figures' }));
    const figure = (title: string) => figures.getByText(title).closest('.ant-statistic')?.textContent ?? '';
    expect(figure('Power')).toContain((12.5).toLocaleString(undefined, { minimumFractionDigits: 2 }));
    expect(figure('Power')).toContain('kW');
    expect(figure('Average SOC')).toContain((64.4).toLocaleString(undefined, { minimumFractionDigits: 1 }));
    expect(figure('Charged today')).toContain((30.25).toLocaleString());
    expect(figure('Discharged today')).toContain((11).toLocaleString(undefined, { minimumFractionDigits: 2 }));
    expect(figure('Loggers online')).toContain('1 / 2');
    expect(figure('Batteries')).toContain('3');
    expect(screen.getByText(/Today runs from midnight in the station's time zone \(Europe\/Berlin\)/)).toBeInTheDocument();

    const info = within(cardOf('Station information'));
    const value = (label: string) => info.getByText(label, { selector: 'th, th *' }).closest('th')?.nextElementSibling?.textContent;
    expect(value('Customer')).toBe('Hafen GmbH');
    expect(value('Phone')).toBe('+49 40 123456');
    expect(value('E-mail')).toBe('ops@hafen.example');
    expect(value('Region')).toBe('Hamburg');
    expect(value('Remark')).toBe('Gate code 1234');
    expect(value('Owner')).toBe('Olga Owner');
    expect(value('Installer')).toBe('Ingo Installer');
    expect(value('Superior')).toBe('Dora Distributor');
    expect(value('Address')).toBe('Kai 4, Hamburg');
    expect(value('Inverter brand')).toBe('Sunways');
    expect(value('Inverter model')).toBe('STH-30K');
    expect(value('Inverter quantity')).toBe('3');
    expect(value('Time zone')).toMatch(/^\(UTC\+0[12]:00\).*Berlin/);
    expect(value('Station type')).toBe('High voltage');
    expect(value('Location')).toBe('53.54321, 9.98765');
    expect(info.getByRole('img', { name: 'Station image' })).toHaveAttribute('src', `/boot/sys/common/view/${image}`);
  });

  it('lists the station’s loggers and batteries, asked for by station', async () => {
    grant(Permission.LoggerList);
    renderDetail('?id=st-1');
    const loggerTable = await screen.findByRole('table', { name: 'Loggers of Harbour Storage' });
    const loggerRow = async (gsn: string) => within((await within(loggerTable).findByText(gsn)).closest('tr') as HTMLElement);
    const first = await loggerRow('GW-0001');
    for (const text of ['Roof', 'Online', '2.4.1', formatDateTime('2026-11-22T09:15:00Z'), 'PACK-A1']) expect(first.getByText(text)).toBeInTheDocument();
    expect((await loggerRow('GW-0002')).getByText('Offline')).toBeInTheDocument();

    const batteryTable = screen.getByRole('table', { name: 'Batteries of Harbour Storage' });
    const battery = within((await within(batteryTable).findByText('BAT-0002')).closest('tr') as HTMLElement);
    for (const text of ['GW-0001', 'Idle', '12%', formatDateTime('2026-11-22T09:14:00Z')]) expect(battery.getByText(text)).toBeInTheDocument();
    expect(battery.getByText('Fault').className).toMatch(/ant-tag-error\b/);
    // Each battery opens its own page (cells, remote setting and upgrade).
    expect(battery.getByRole('link', { name: 'BAT-0002' })).toHaveAttribute('href', '/battery/detail?batterySn=BAT-0002');

    expect(deviceQueries.find((q) => q.path === 'logger')?.params).toMatchObject({ stationId: 'st-1', pageNo: '1', pageSize: '10', column: 'gsn', order: 'asc' });
    expect(deviceQueries.find((q) => q.path === 'battery')?.params).toMatchObject({ stationId: 'st-1', pageNo: '1', pageSize: '10' });
  });

  it('shows no loggers or batteries to a user who may not list loggers', async () => {
    grant();
    renderDetail('?id=st-1');
    await screen.findByText('Harbour Storage');
    expect(screen.queryByRole('table', { name: 'Loggers of Harbour Storage' })).toBeNull();
    expect(deviceQueries).toEqual([]);
  });

  it('lists its sub-stations with links, and adds one in the wizard', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.StationAdd);
    renderDetail('?id=st-1');
    const table = await screen.findByRole('table', { name: 'Sub-stations of Harbour Storage' });
    expect(await within(table).findByRole('link', { name: 'Harbour East' })).toHaveAttribute('href', '/stationmgr/detail?id=st-1a');
    expect(within(table).getByText('Offline')).toBeInTheDocument();
    await user.click(within(cardOf('Sub-stations')).getByRole('button', { name: /Add sub-station/ }));
    expect(await screen.findByText('Station wizard ?pid=st-1')).toBeInTheDocument();
  });

  it('allows at most 10 sub-stations: the button is disabled with the reason', async () => {
    const user = userEvent.setup({ delay: null });
    server.use(http.get('/boot/want/tbStation/queryById', () => HttpResponse.json(envelope({ ...main, subStationCount: 10 }))));
    grant(Permission.StationAdd);
    renderDetail('?id=st-1');
    await screen.findByText('Harbour Storage');
    const add = within(cardOf('Sub-stations')).getByRole('button', { name: /Add sub-station/ });
    expect(add).toBeDisabled();
    await user.hover(add.parentElement ?? add);
    expect(await screen.findByText('A main station has at most 10 sub-stations.')).toBeInTheDocument();
  });

  it('names a sub-station’s main station, with a link to it, and offers no sub-stations of its own', async () => {
    grant(Permission.StationAdd);
    renderDetail('?id=st-1a');
    await screen.findByText('Harbour East');
    const info = within(cardOf('Station information'));
    expect(await info.findByRole('link', { name: 'Harbour Storage' })).toHaveAttribute('href', '/stationmgr/detail?id=st-1');
    expect(screen.queryByText('Sub-stations')).toBeNull();
  });

  it('edits the station on its own page, a button the demo account does not see', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.StationEdit, Permission.StationAdd);
    const view = renderDetail('?id=st-1');
    await user.click(await screen.findByRole('button', { name: /Edit/ }));
    expect(await screen.findByText('Station edit ?id=st-1')).toBeInTheDocument();
    view.unmount();

    session.setUserInfo(userInfo({ demo: true }));
    grant(Permission.StationEdit, Permission.StationAdd);
    renderDetail('?id=st-1');
    await screen.findByRole('table', { name: 'Sub-stations of Harbour Storage' });
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add sub-station/ })).toBeNull();
  });

  it('says a station that is not there (or not the user’s) was not found, with the way back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    grant();
    renderDetail('?id=st-elsewhere');
    expect(await screen.findByText('Station not found')).toBeInTheDocument();
    expect(screen.getByText('The station does not exist, or it is not one of yours.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the station list' }));
    await waitFor(() => expect(screen.getByText(/^Station list/)).toBeInTheDocument());
  });

  it('says so when no station is named', async () => {
    grant();
    renderDetail('');
    expect(await screen.findByText('Station not found')).toBeInTheDocument();
    expect(screen.getByText('No station was named.')).toBeInTheDocument();
  });
});
