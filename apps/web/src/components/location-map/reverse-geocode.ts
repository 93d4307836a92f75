import { limits } from '@cellsight/contract';
import type { MapPoint } from './types';

/**
 * The address of a point from a Nominatim-compatible reverse geocoder (`?format=jsonv2&lat=&lon=
 * &accept-language=` → `display_name`), or null when it knows none or cannot be asked. Cut to the
 * length an address field takes.
 */
export const reverseGeocode = async (geocoderUrl: string, point: MapPoint, language: string, signal?: AbortSignal): Promise<string | null> => {
  const url = new URL(geocoderUrl, window.location.href);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', String(point.lat));
  url.searchParams.set('lon', String(point.lon));
  url.searchParams.set('accept-language', language);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.requestTimeoutMs);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      credentials: 'omit',
      headers: { Accept: 'application/json' },
      // The console sends no Referer anywhere; public geocoders ask to know which site calls them,
      // so this request names the console's origin (never its path or query).
      referrerPolicy: 'origin',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { display_name?: unknown } | null;
    const name = typeof body?.display_name === 'string' ? body.display_name.trim() : '';
    return name ? name.slice(0, limits.addressMax) : null;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
};
