import { type StationRecord, type TimeZoneOption, stationRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { publicConfig, stationTypeDict } from '@/testing/fixtures';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import StationEditPage from './station-edit-page';

const timeZones: TimeZoneOption[] = [
  { dictId: 324, text: '(UTC+01:00) Berlin, Vienna', zone: 'Europe/Berlin' },
  { dictId: 343, text: '(UTC+08:00) Beijing, Chongqing, Hong Kong', zone: 'Asia/Shanghai' },
];
const mainStation: StationRecord = buildRecord(stationRecordSchema, {
  id: 'st-1',
  pid: '0',
  name: 'Rooftop Berlin',
  stationType: 1,
  timezone: 324,
  zone: 'Europe/Berlin',
  lat: 52.52,
  lon: 13.405,
  address: 'Alexanderplatz 1, Berlin',
  thumbUrl: null,
  customer: 'Acme GmbH',
  phone: null,
  email: null,
  region: 'Berlin',
  remark: null,
  inverterBrand: null,
  inverterModel: null,
  inverterQuantity: 2,
});
const subStation: StationRecord = { ...mainStation, id: 'st-2', pid: 'st-1', name: 'Garage annex', customer: null, region: null, inverterQuantity: null };
const stations = new Map([mainStation, subStation].map((station) => [station.id, station]));

let edits: unknown[] = [];
const server = mockServer(
  http.get('/boot/sys/public/config', () => HttpResponse.json(envelope(publicConfig))),
  http.get('/boot/want/commDictI18n/list', () => HttpResponse.json(envelope({ records: timeZones, total: timeZones.length }))),
  http.get('/boot/want/tbStation/queryById', ({ request }) => {
    const station = stations.get(new URL(request.url).searchParams.get('id') ?? '');
    return station ? HttpResponse.json(envelope(station)) : HttpResponse.json(failure(4000, 'Record not found'), { status: 404 });
  }),
  http.put('/boot/want/tbStation/edit', async ({ request }) => {
    edits.push(await request.json());
    return HttpResponse.json(envelope(null, 1002, 'Edited'));
  }),
);

beforeEach(() => {
  session.setDictItems(stationTypeDict);
});
afterEach(() => {
  edits = [];
});

function DetailProbe() {
  const [params] = useSearchParams();
  return <p>Detail of {params.get('id')}</p>;
}

const open = (path: string) => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={path} replace />} />
      <Route path="/site/edit" element={<StationEditPage />} />
      <Route path="/stationmgr/detail" element={<DetailProbe />} />
      <Route path="/site/index" element={<p>Station list</p>} />
    </Routes>,
  );
  return user;
};
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' });

describe('StationEditPage', () => {
  it('shows the station’s details and saves only what changed, then returns to the station', async () => {
    const user = open('/site/edit?id=st-1');
    expect(await screen.findByDisplayValue('Rooftop Berlin')).toBeInTheDocument();
    expect(screen.getByText('High voltage')).toBeInTheDocument();
    expect(await screen.findByText('(UTC+01:00) Berlin, Vienna')).toBeInTheDocument();
    expect(field('Address')).toHaveValue('Alexanderplatz 1, Berlin');
    await user.clear(field('Station name'));
    await user.click(field('Station name'));
    await user.paste('Rooftop Mitte');
    await user.clear(field('Customer'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Detail of st-1')).toBeInTheDocument();
    expect(edits).toEqual([{ id: 'st-1', name: 'Rooftop Mitte', customer: null }]);
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it('never sends a sub-station’s type, location or image', async () => {
    const user = open('/site/edit?id=st-2');
    expect(await screen.findByDisplayValue('Garage annex')).toBeInTheDocument();
    expect(screen.getByText('This is a sub-station: its type, location and image are those of its main station.')).toBeInTheDocument();
    for (const label of ['Station type', 'Latitude', 'Address', 'Station image']) expect(screen.queryByText(label)).not.toBeInTheDocument();
    await user.click(field('Remark'));
    await user.paste('Behind the house');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Detail of st-2')).toBeInTheDocument();
    expect(edits).toEqual([{ id: 'st-2', remark: 'Behind the house' }]);
  });

  it('goes back without a call when nothing changed', async () => {
    const user = open('/site/edit?id=st-1');
    await screen.findByDisplayValue('Rooftop Berlin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Detail of st-1')).toBeInTheDocument();
    expect(edits).toEqual([]);
  });

  it('puts the server’s refusal on its field and stays', async () => {
    server.use(http.put('/boot/want/tbStation/edit', () => HttpResponse.json(failure(4004, 'email: is not a valid e-mail address', [{ field: 'email', message: 'is not a valid e-mail address' }]), { status: 400 })));
    const user = open('/site/edit?id=st-1');
    await screen.findByDisplayValue('Rooftop Berlin');
    await user.click(field('E-mail'));
    await user.paste('ops@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is not a valid e-mail address')).toBeInTheDocument();
    expect(screen.queryByText('Detail of st-1')).not.toBeInTheDocument();
  });

  it('says clearly when the station does not exist or is not the caller’s', async () => {
    const user = open('/site/edit?id=st-404');
    expect(await screen.findByText('Station not found')).toBeInTheDocument();
    expect(screen.getByText('The station does not exist, or it is not one of yours.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the station list' }));
    await waitFor(() => expect(screen.getByText('Station list')).toBeInTheDocument());
  });
});
