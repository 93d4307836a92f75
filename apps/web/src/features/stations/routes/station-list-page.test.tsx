import { type Page, Permission, type StationRecord, stationRecordSchema, stationResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import StationListPage from './station-list-page';

describeListPage('stations', {
  page: StationListPage,
  resource: stationResource,
  records: buildRecords(stationRecordSchema, [
    { pid: '0', name: 'Harbour Storage', status: 2, status_dictText: 'Normal', subStationCount: 0 },
    { pid: '0', name: 'Hill Farm', status: 3, status_dictText: 'Offline', subStationCount: 0 },
  ]),
  cellField: 'name',
  columns: ['name', 'ownerName', 'status', 'batteryCount'],
});

const stations: StationRecord[] = buildRecords(stationRecordSchema, [
  { id: 'st-fault', pid: '0', name: 'Harbour Storage', status: 0, status_dictText: 'Fault', power: -12.5, socAvg: 41.26, chargeToday: 3.5, dischargeToday: 18.25, loggersOnline: 1, loggerCount: 2, batteryCount: 6, subStationCount: 2, ownerName: 'Olga Owner' },
  { id: 'st-warn', pid: '0', name: 'Hill Farm', status: 1, status_dictText: 'Warning', subStationCount: 0 },
  { id: 'st-ok', pid: '0', name: 'Lakeside Plant', status: 2, status_dictText: 'Normal', subStationCount: 10 },
  { id: 'st-off', pid: '0', name: 'Quarry Works', status: 3, status_dictText: 'Offline', subStationCount: 0, loggerCount: 0, loggersOnline: 0 },
]);
const subStations: StationRecord[] = buildRecords(stationRecordSchema, [
  { id: 'st-sub-1', pid: 'st-fault', name: 'Harbour East', status: 2, status_dictText: 'Normal', subStationCount: 0 },
  { id: 'st-sub-2', pid: 'st-fault', name: 'Harbour West', status: 3, status_dictText: 'Offline', subStationCount: 0 },
]);
const page = (records: StationRecord[]): Page<StationRecord> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

const grant = (...codes: string[]) => setPermissions({ auth: [Permission.StationList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
const rowOf = (name: string): HTMLElement => {
  const row = screen.getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<StationListPage />} />
      <Route path="/site/add" element={<p>Station wizard</p>} />
      <Route path="/site/edit" element={<p>Station edit</p>} />
      <Route path="/stationmgr/detail" element={<p>Station page</p>} />
    </Routes>,
  );

describe('station list', () => {
  let queries: Record<string, string>[] = [];
  let deleted: string[] = [];
  const server = mockServer(
    http.get('/boot/want/tbStation/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      delete params._t;
      queries.push(params);
      return HttpResponse.json(envelope(page(params.pid && params.pid !== '0' ? subStations.filter((s) => s.pid === params.pid) : stations)));
    }),
    http.delete('/boot/want/tbStation/delete', ({ request }) => {
      deleted.push(new URL(request.url).searchParams.get('id') ?? '');
      return HttpResponse.json(envelope(null, 1003, 'Deleted'));
    }),
  );

  beforeEach(() => {
    queries = [];
    deleted = [];
  });
  afterEach(() => {
    clearPermissions();
    session.clear();
  });

  it('shows main stations, worst status first, each status as its coloured tag, with figures and loggers online of all', async () => {
    grant();
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    expect(queries[0]).toEqual({ pageNo: '1', pageSize: '10', column: 'status', order: 'asc', pid: '0' });
    const colours = { 'Harbour Storage': ['Fault', 'red'], 'Hill Farm': ['Warning', 'orange'], 'Lakeside Plant': ['Normal', 'green'], 'Quarry Works': ['Offline', 'default'] } as const;
    for (const [name, [text, colour]] of Object.entries(colours)) {
      const tag = within(rowOf(name)).getByText(text);
      expect(tag.className).toMatch(new RegExp(`ant-tag-${colour}\\b`));
    }
    const harbour = within(rowOf('Harbour Storage'));
    for (const text of ['Olga Owner', (-12.5).toLocaleString(undefined, { minimumFractionDigits: 2 }), (41.3).toLocaleString(undefined, { minimumFractionDigits: 1 }), (18.25).toLocaleString(), '1 / 2', '6']) expect(harbour.getByText(text)).toBeInTheDocument();
    expect(harbour.getByRole('link', { name: 'Harbour Storage' })).toHaveAttribute('href', '/stationmgr/detail?id=st-fault');
  });

  it('opens a main station to its sub-stations, asked for by the same list call', async () => {
    const user = userEvent.setup({ delay: null });
    grant();
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    await user.click(within(rowOf('Harbour Storage')).getByRole('button', { name: /expand/i }));
    const table = await screen.findByRole('table', { name: 'Sub-stations of Harbour Storage' });
    expect(await within(table).findByRole('link', { name: 'Harbour East' })).toHaveAttribute('href', '/stationmgr/detail?id=st-sub-1');
    expect(within(table).getByText('Offline')).toBeInTheDocument();
    expect(queries).toContainEqual(expect.objectContaining({ pid: 'st-fault', pageSize: '10' }));
  });

  it('searches by station name, logger SN or battery SN in one box, and by status, over sub-stations too', async () => {
    const user = userEvent.setup({ delay: null });
    // The status choices are the server's dictionary (set before the permissions: a session change without a token clears them).
    session.setDictItems({ station_status: ['Fault', 'Warning', 'Normal', 'Offline'].map((text, value) => ({ value: String(value), text, title: text })) });
    grant();
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    const search = screen.getByRole('search');
    const box = within(search).getByLabelText('Station, logger SN or battery SN');
    expect(box).toHaveAttribute('placeholder', 'Station name, logger SN or battery SN');
    await user.type(box, 'GW-0042');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ keyWord: 'GW-0042', pageNo: '1' }));
    // Searching looks at every station: a logger on a sub-station finds the sub-station.
    expect(queries.at(-1)).not.toHaveProperty('pid');
    await user.click(within(search).getByLabelText('Status'));
    await user.click(await screen.findByTitle('Fault'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ keyWord: 'GW-0042', status: '0' }));
  });

  it('offers edit, add sub-station, manage and delete by permission, and add sub-station only on main stations with room', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.StationEdit, Permission.StationAdd, Permission.StationDelete);
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    const harbour = within(rowOf('Harbour Storage'));
    expect(harbour.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(rowOf('Lakeside Plant')).getByRole('button', { name: 'Add a sub-station to Lakeside Plant' })).toBeDisabled();
    await user.click(harbour.getByRole('button', { name: 'Add a sub-station to Harbour Storage' }));
    expect(await screen.findByText('Station wizard')).toBeInTheDocument();
  });

  it('edits and manages a station on their own pages', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.StationEdit);
    const view = renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    await user.click(within(rowOf('Hill Farm')).getByRole('button', { name: 'Edit Hill Farm' }));
    expect(await screen.findByText('Station edit')).toBeInTheDocument();
    view.unmount();
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    await user.click(within(rowOf('Hill Farm')).getByRole('button', { name: 'Manage Hill Farm' }));
    expect(await screen.findByText('Station page')).toBeInTheDocument();
  });

  it('creates a station in the wizard, a button the demo account does not see (nor any other change)', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.StationAdd, Permission.StationEdit, Permission.StationDelete);
    const view = renderPage();
    await user.click(await screen.findByRole('button', { name: /Create station/ }));
    expect(await screen.findByText('Station wizard')).toBeInTheDocument();
    view.unmount();

    // The demo account (signed in first: a session change without a token forgets the permissions).
    session.setUserInfo(userInfo({ demo: true }));
    grant(Permission.StationAdd, Permission.StationEdit, Permission.StationDelete);
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    expect(screen.queryByRole('button', { name: /Create station/ })).toBeNull();
    const harbour = within(rowOf('Harbour Storage'));
    for (const name of [/^Edit/, /^Delete/, /sub-station/]) expect(harbour.queryByRole('button', { name })).toBeNull();
    expect(harbour.getByRole('button', { name: 'Manage Harbour Storage' })).toBeInTheDocument();
  });

  it('deletes a station after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.StationDelete);
    renderPage();
    await screen.findByRole('link', { name: 'Quarry Works' });
    await user.click(within(rowOf('Quarry Works')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toEqual(['st-off']));
  });

  it('shows why the server refused to delete a station that still has loggers', async () => {
    const user = userEvent.setup({ delay: null });
    server.use(http.delete('/boot/want/tbStation/delete', () => HttpResponse.json(failure(4008, 'The station still has 2 logger(s): unbind them first'), { status: 400 })));
    grant(Permission.StationDelete);
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Storage' });
    await user.click(within(rowOf('Harbour Storage')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Operation failed: The station still has 2 logger(s): unbind them first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbour Storage' })).toBeInTheDocument();
  });
});
