import { type Page, Permission, type StationRecord, stationRecordSchema, stationResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import StationManagerPage from './station-manager-page';

describeListPage('station management', {
  page: StationManagerPage,
  resource: stationResource,
  records: buildRecords(stationRecordSchema, [
    { pid: '0', name: 'Harbour Storage', customer: 'Hafen GmbH' },
    { pid: 'st-1', name: 'Harbour East', customer: 'Hafen GmbH' },
  ]),
  cellField: 'name',
  columns: ['name', 'customer', 'phone', 'email', 'region', 'ownerName', 'installerName', 'distributorName', 'inverterBrand', 'inverterModel', 'inverterQuantity', 'address', 'createTime'],
});

describe('station management', () => {
  const stations: StationRecord[] = buildRecords(stationRecordSchema, [
    { id: 'st-1', pid: '0', name: 'Harbour Storage', distributorName: 'Dora Distributor', inverterQuantity: 3 },
    { id: 'st-1a', pid: 'st-1', name: 'Harbour East' },
  ]);
  let queries: Record<string, string>[] = [];
  mockServer(
    http.get('/boot/want/tbStation/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      delete params._t;
      queries.push(params);
      return HttpResponse.json(envelope<Page<StationRecord>>({ records: stations, total: 2, size: 10, current: 1, pages: 1 }));
    }),
  );
  afterEach(() => {
    queries = [];
    clearPermissions();
  });
  function Detail() {
    return <p>{`Station page ${useLocation().search}`}</p>;
  }

  it('lists main and sub-stations alike, searches by key word, and opens a station’s page', async () => {
    const user = userEvent.setup({ delay: null });
    setPermissions({ auth: [{ action: Permission.StationList, describe: '', type: '1', status: '1' }], allAuth: [] });
    renderWithProviders(
      <Routes>
        <Route path="/" element={<StationManagerPage />} />
        <Route path="/stationmgr/detail" element={<Detail />} />
      </Routes>,
    );
    expect(await screen.findByRole('link', { name: 'Harbour East' })).toHaveAttribute('href', '/stationmgr/detail?id=st-1a');
    expect(screen.getByText('Sub-station')).toBeInTheDocument();
    expect(queries[0]).not.toHaveProperty('pid');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Station, logger SN or battery SN'), 'Harbour');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ keyWord: 'Harbour' }));
    await user.click(screen.getByRole('button', { name: 'Manage Harbour Storage' }));
    expect(await screen.findByText('Station page ?id=st-1')).toBeInTheDocument();
  });
});
