import type { PublicConfig } from '@cellsight/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig } from '@/testing/fixtures';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { LocationMap } from './location-map';
import type { MapPoint } from './types';

const geocoderUrl = 'https://geocoder.example/reverse';
let map: PublicConfig['map'] = publicConfig.map;
let lookups: URL[] = [];

const server = mockServer(
  http.get('/boot/sys/public/config', () => HttpResponse.json(envelope({ ...publicConfig, map }))),
  http.get(geocoderUrl, ({ request }) => {
    const url = new URL(request.url);
    lookups.push(url);
    return HttpResponse.json({ display_name: `Street at ${url.searchParams.get('lat')}, ${url.searchParams.get('lon')}` });
  }),
);

afterEach(() => {
  map = publicConfig.map;
  lookups = [];
});

/** The map in a form-like owner that keeps the point and the address. */
function Picker({ initial = null, onChange }: { initial?: MapPoint | null; onChange?: (point: MapPoint) => void }) {
  const [point, setPoint] = useState<MapPoint | null>(initial);
  const [address, setAddress] = useState('');
  return (
    <>
      <LocationMap
        value={point}
        onChange={(next) => {
          setPoint(next);
          onChange?.(next);
        }}
        onAddress={setAddress}
      />
      <output aria-label="address">{address}</output>
    </>
  );
}

const mapElement = () => screen.findByRole('application', { name: 'Station location' });

describe('LocationMap', () => {
  it('opens at the configured place and, without tiles, says so and still takes clicks', async () => {
    const picked = vi.fn();
    renderWithProviders(<Picker onChange={picked} />);
    const element = await mapElement();
    expect(screen.getByText(/No map background is configured/)).toBeInTheDocument();
    expect(element.querySelector('.leaflet-tile-pane img')).toBeNull();
    // jsdom has no layout: the map's centre sits at the container's corner, so a click there is the configured place.
    fireEvent.click(element, { clientX: 0, clientY: 0 });
    await waitFor(() => expect(picked).toHaveBeenCalledTimes(1));
    const [first] = picked.mock.calls[0] as [MapPoint];
    expect(first.lat).toBeCloseTo(30.65699, 5);
    expect(first.lon).toBeCloseTo(104.057641, 5);
    // The marker now stands there; a click further east is further east.
    expect(element.querySelector('img.leaflet-marker-icon')).not.toBeNull();
    fireEvent.click(element, { clientX: 100, clientY: 0 });
    await waitFor(() => expect(picked).toHaveBeenCalledTimes(2));
    const [second] = picked.mock.calls[1] as [MapPoint];
    expect(second.lon).toBeGreaterThan(first.lon);
    expect(second.lat).toBeCloseTo(first.lat, 5);
  });

  it('loads tiles from the configured template, naming only the console’s origin to the tile server', async () => {
    map = { ...publicConfig.map, tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tile makers' };
    renderWithProviders(<Picker />);
    const element = await mapElement();
    const tile = await waitFor(() => {
      const found = element.querySelector<HTMLImageElement>('.leaflet-tile-pane img');
      if (!found) throw new Error('no tile yet');
      return found;
    });
    expect(tile.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\/17\/\d+\/\d+\.png$/);
    expect(tile.referrerPolicy).toBe('origin');
    expect(screen.getByText(/© Tile makers/)).toBeInTheDocument();
    expect(screen.queryByText(/No map background is configured/)).not.toBeInTheDocument();
  });

  it('shows the chosen point with a marker whose images come from the bundle', async () => {
    renderWithProviders(<Picker initial={{ lat: 52.52, lon: 13.405 }} />);
    const element = await mapElement();
    const marker = await waitFor(() => {
      const found = element.querySelector<HTMLImageElement>('img.leaflet-marker-icon');
      if (!found) throw new Error('no marker yet');
      return found;
    });
    expect(marker).toHaveAttribute('title', 'Station position');
    expect(marker.getAttribute('src')).toMatch(/marker-icon(-2x)?(\.[\w-]+)?\.png$/);
    expect(marker.getAttribute('src')).not.toMatch(/^(https?:)?\/\//);
    expect(element.querySelector<HTMLImageElement>('img.leaflet-marker-shadow')?.getAttribute('src')).toMatch(/marker-shadow/);
  });

  it('fills the address from the configured geocoder in the console’s language', async () => {
    map = { ...publicConfig.map, geocoderUrl };
    const picked = vi.fn();
    renderWithProviders(<Picker onChange={picked} />);
    fireEvent.click(await mapElement(), { clientX: 0, clientY: 0 });
    await waitFor(() => expect(picked).toHaveBeenCalledTimes(1));
    const [point] = picked.mock.calls[0] as [MapPoint];
    expect(await screen.findByText(`Street at ${point.lat}, ${point.lon}`)).toBeInTheDocument();
    expect(lookups).toHaveLength(1);
    expect(Object.fromEntries(lookups[0]?.searchParams ?? [])).toEqual({ format: 'jsonv2', lat: String(point.lat), lon: String(point.lon), 'accept-language': 'en-US' });
  });

  it('looks up only the last of several quick picks', async () => {
    map = { ...publicConfig.map, geocoderUrl };
    const picked = vi.fn();
    renderWithProviders(<Picker onChange={picked} />);
    const element = await mapElement();
    fireEvent.click(element, { clientX: 50, clientY: 0 });
    fireEvent.click(element, { clientX: 0, clientY: 40 });
    fireEvent.click(element, { clientX: 20, clientY: 20 });
    await waitFor(() => expect(picked).toHaveBeenCalledTimes(3));
    const [last] = picked.mock.calls[2] as [MapPoint];
    expect(await screen.findByText(`Street at ${last.lat}, ${last.lon}`)).toBeInTheDocument();
    expect(lookups).toHaveLength(1);
  });

  it('fills only the coordinates when the lookup fails, with a quiet hint instead of an error', async () => {
    map = { ...publicConfig.map, geocoderUrl };
    server.use(http.get(geocoderUrl, () => HttpResponse.json({ error: 'Unable to geocode' }, { status: 500 })));
    const picked = vi.fn();
    renderWithProviders(<Picker onChange={picked} />);
    fireEvent.click(await mapElement(), { clientX: 0, clientY: 0 });
    expect(await screen.findByText('No address was found for this position; enter it yourself if needed.')).toBeInTheDocument();
    expect(picked).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('');
    expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();
  });

  it('fills only the coordinates when no geocoder is configured', async () => {
    const picked = vi.fn();
    renderWithProviders(<Picker onChange={picked} />);
    fireEvent.click(await mapElement(), { clientX: 0, clientY: 0 });
    expect(await screen.findByText('Address lookup is not configured: only latitude and longitude are filled in.')).toBeInTheDocument();
    expect(picked).toHaveBeenCalledTimes(1);
    expect(lookups).toHaveLength(0);
  });
});
