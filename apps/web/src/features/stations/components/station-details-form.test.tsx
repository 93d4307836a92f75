import type { StationOwner, TimeZoneOption } from '@cellsight/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { publicConfig, stationTypeDict } from '@/testing/fixtures';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { stationOwnersQuery } from '../api/get-station-owners';
import { StationDetailsForm, type StationDetailsValues, newStationDetails, newStationFields } from './station-details-form';

const timeZones: TimeZoneOption[] = [
  { dictId: 324, text: '(UTC+01:00) Berlin, Vienna', zone: 'Europe/Berlin' },
  { dictId: 343, text: '(UTC+08:00) Beijing, Chongqing, Hong Kong', zone: 'Asia/Shanghai' },
];
const me: StationOwner = { id: 'u-installer', username: 'installer', realname: 'Ivy Installer', accountType: 'installer' };
const customer: StationOwner = { id: 'u-end', username: 'enduser', realname: 'Eve End', accountType: 'end_user' };

let owners: StationOwner[] = [me, customer];
let timeZoneQueries: URLSearchParams[] = [];
let ownerReads = 0;
let uploads: { biz: FormDataEntryValue | null; type: string }[] = [];
const storedImage = 'station/20260101/0123456789abcdef0123456789abcdef.png';

mockServer(
  http.get('/boot/sys/public/config', () => HttpResponse.json(envelope(publicConfig))),
  http.get('/boot/want/commDictI18n/list', ({ request }) => {
    timeZoneQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json(envelope({ records: timeZones, total: timeZones.length }));
  }),
  http.get('/boot/want/tbStation/owners', () => {
    ownerReads++;
    return HttpResponse.json(envelope(owners));
  }),
  http.post('/boot/sys/common/upload', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file') as File;
    uploads.push({ biz: form.get('biz'), type: file.type });
    return HttpResponse.json(envelope(null, 200, storedImage));
  }),
);

beforeEach(() => {
  session.setDictItems(stationTypeDict);
});

afterEach(() => {
  owners = [me, customer];
  timeZoneQueries = [];
  ownerReads = 0;
  uploads = [];
});

function Harness({ main = true, chooseOwner = false, onSubmit }: { main?: boolean; chooseOwner?: boolean; onSubmit: (values: StationDetailsValues) => void }) {
  const [form] = Form.useForm<StationDetailsValues>();
  return (
    <StationDetailsForm form={form} main={main} chooseOwner={chooseOwner} initialValues={newStationDetails} onFinish={onSubmit}>
      <Button htmlType="submit">Submit</Button>
    </StationDetailsForm>
  );
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' });
const pngFile = (name = 'roof.png', bytes = 64) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('StationDetailsForm', () => {
  it('starts as a low-voltage station in the default time zone, in the console’s language', async () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    expect(await screen.findByText('(UTC+08:00) Beijing, Chongqing, Hong Kong')).toBeInTheDocument();
    expect(screen.getByText('Low voltage')).toBeInTheDocument();
    expect(Object.fromEntries(timeZoneQueries[0] ?? [])).toMatchObject({ lang: '1', pageSize: '100' });
  });

  it('requires a name of 5 to 32 characters', async () => {
    const submitted = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onSubmit={submitted} />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the station name!')).toBeInTheDocument();
    await user.click(field('Station name'));
    await user.paste('Roof');
    expect(await screen.findByText('At least 5 characters')).toBeInTheDocument();
    await user.paste('x'.repeat(29));
    expect(await screen.findByText('At most 32 characters')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
  });

  it('checks each field by the contract’s rule and gives the trimmed values', async () => {
    const submitted = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onSubmit={submitted} />);
    await user.click(await screen.findByLabelText('Station name', { selector: 'input' }));
    await user.paste('  Roof top  ');
    await user.click(field('E-mail'));
    await user.paste('not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid e-mail format')).toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();

    await user.clear(field('E-mail'));
    await user.click(field('Inverter quantity'));
    await user.paste('3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    const [values] = submitted.mock.calls[0] as [StationDetailsValues];
    expect(newStationFields(values, true)).toEqual({ name: 'Roof top', stationType: 0, timezone: 343, inverterQuantity: 3 });
  });

  it('offers the owner of a new station, the caller first', async () => {
    const submitted = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness chooseOwner onSubmit={submitted} />);
    expect(await screen.findByText('Ivy Installer (installer)')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Owner'));
    await user.click(await screen.findByText('Eve End (enduser)'));
    await user.click(field('Station name'));
    await user.paste('Eve home');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]?.[0]).toMatchObject({ masterId: 'u-end' });
  });

  it('does not offer an owner when the caller may choose nobody else', async () => {
    owners = [me];
    const { queryClient } = renderWithProviders(<Harness chooseOwner onSubmit={vi.fn()} />);
    await screen.findByText('(UTC+08:00) Beijing, Chongqing, Hong Kong');
    await waitFor(() => expect(queryClient.getQueryState(stationOwnersQuery.queryKey)?.status).toBe('success'));
    expect(ownerReads).toBe(1);
    // The answer renders: the query tells the form on a zero timeout set when it arrived, before this one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByLabelText('Owner')).not.toBeInTheDocument();
  });

  it('has no type, location or image for a sub-station, and sends none', async () => {
    const submitted = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness main={false} onSubmit={submitted} />);
    await screen.findByText('(UTC+08:00) Beijing, Chongqing, Hong Kong');
    for (const label of ['Station type', 'Latitude', 'Longitude', 'Address', 'Station image']) expect(screen.queryByText(label)).not.toBeInTheDocument();
    expect(screen.queryByRole('application', { name: 'Station location' })).not.toBeInTheDocument();
    await user.click(field('Station name'));
    await user.paste('Garage annex');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(newStationFields({ ...(submitted.mock.calls[0]?.[0] as StationDetailsValues), lat: 1, lon: 2, thumbUrl: storedImage }, false)).toEqual({ name: 'Garage annex', timezone: 343 });
  });

  it('fills latitude and longitude from a click on the map', async () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    const map = await screen.findByRole('application', { name: 'Station location' });
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    await waitFor(() => expect(Number((field('Latitude') as HTMLInputElement).value)).toBeCloseTo(30.65699, 5));
    expect(Number((field('Longitude') as HTMLInputElement).value)).toBeCloseTo(104.057641, 5);
  });

  it('checks a station image before uploading it with biz=station, then shows and keeps its stored path', async () => {
    const submitted = vi.fn();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderWithProviders(<Harness onSubmit={submitted} />);
    // The upload control makes a new file input after each choice.
    const input = () =>
      waitFor(() => {
        const found = document.querySelector<HTMLInputElement>('input[type="file"]');
        if (!found) throw new Error('no file input yet');
        return found;
      });

    await user.upload(await input(), new File(['GIF89a'], 'roof.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Image must be JPG or PNG')).toBeInTheDocument();
    await user.upload(await input(), pngFile('roof.png', 2 * 1024 * 1024));
    expect(await screen.findByText('Image must be smaller than 2 MB')).toBeInTheDocument();
    await user.upload(await input(), pngFile(`${'r'.repeat(97)}.png`));
    expect(await screen.findByText('The file name may have at most 100 characters')).toBeInTheDocument();
    expect(uploads).toEqual([]);

    await user.upload(await input(), pngFile('roof.png'));
    const image = await screen.findByRole('img', { name: 'Station image' });
    expect(image).toHaveAttribute('src', `/boot/sys/common/view/${storedImage}`);
    // jsdom's File reaches Node's fetch without its name (browsers keep it): the part's type is what a test can see.
    expect(uploads).toEqual([{ biz: 'station', type: 'image/png' }]);

    await user.click(field('Station name'));
    await user.paste('Roof top');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(submitted.mock.calls[0]?.[0]).toMatchObject({ thumbUrl: storedImage });

    await user.click(screen.getByRole('button', { name: /Remove image/ }));
    expect(within(document.body).getByRole('img', { name: 'No station image' })).toBeInTheDocument();
  });
});
