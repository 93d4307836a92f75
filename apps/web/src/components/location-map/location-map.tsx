import { Flex, Spin, Typography } from 'antd';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';
import { reverseGeocode } from './reverse-geocode';
import type { MapPoint } from './types';

const LeafletMap = lazy(() => import('./leaflet-map'));

/** The spec's map defaults (section 9), for when the deployment's settings cannot be read. */
const fallbackMap = { tileUrl: '', attribution: '', geocoderUrl: '', defaultLat: 30.65699, defaultLon: 104.057641, defaultZoom: 17 };

/** Picks come in bursts (a few clicks to find the spot): only the last one is looked up. */
const lookupDelayMs = 300;

type Lookup = 'idle' | 'busy' | 'failed' | 'unavailable';

export interface LocationMapProps {
  /** The chosen point; empty shows the deployment's default place without a marker. */
  value?: MapPoint | null;
  /** The user clicked the map or dragged the marker. */
  onChange?: (point: MapPoint) => void;
  /** The address of a picked point, when the configured geocoder knows one. */
  onAddress?: (address: string) => void;
  disabled?: boolean;
  height?: number;
}

/**
 * A map to choose a place on (Leaflet, loaded on first use). Tiles and the reverse geocoder come
 * from the deployment's settings (`usePublicConfig().map`): without tiles the map still takes
 * clicks, and without a geocoder, or when it fails, only the coordinates are filled, with a quiet
 * hint instead of an error.
 */
export function LocationMap({ value, onChange, onAddress, disabled = false, height = 320 }: LocationMapProps) {
  const { t, i18n } = useTranslation('stations');
  const config = usePublicConfig();
  const map = config.data?.map ?? fallbackMap;
  const [lookup, setLookup] = useState<Lookup>('idle');
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; controller: AbortController } | null>(null);

  const cancelLookup = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.controller.abort();
    pending.current = null;
  };
  // A lookup still under way when the map goes away has nobody to tell.
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current?.controller.abort();
    },
    [],
  );

  const pick = (point: MapPoint) => {
    onChange?.(point);
    if (!onAddress) return;
    cancelLookup();
    if (!map.geocoderUrl) {
      setLookup('unavailable');
      return;
    }
    setLookup('busy');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      reverseGeocode(map.geocoderUrl, point, i18n.language, controller.signal)
        .then((address) => {
          if (controller.signal.aborted) return;
          if (address) onAddress(address);
          setLookup(address ? 'idle' : 'failed');
        })
        .catch(() => {
          if (!controller.signal.aborted) setLookup('failed');
        });
    }, lookupDelayMs);
    pending.current = { timer, controller };
  };

  if (config.isPending) {
    return (
      <Flex align="center" justify="center" style={{ height }}>
        <Spin description={t('map.loading')} />
      </Flex>
    );
  }

  const hint = { busy: t('map.lookingUp'), failed: t('map.lookupFailed'), unavailable: t('map.noGeocoder'), idle: disabled ? null : t('map.howTo') }[lookup];
  return (
    <Flex vertical gap={4}>
      <Suspense
        fallback={
          <Flex align="center" justify="center" style={{ height }}>
            <Spin description={t('map.loading')} />
          </Flex>
        }
      >
        <LeafletMap
          center={{ lat: map.defaultLat, lon: map.defaultLon }}
          zoom={map.defaultZoom}
          marker={value && Number.isFinite(value.lat) && Number.isFinite(value.lon) ? value : null}
          tileUrl={map.tileUrl}
          attribution={map.attribution}
          label={t('map.label')}
          markerLabel={t('map.marker')}
          disabled={disabled}
          height={height}
          onPick={pick}
        />
      </Suspense>
      {!map.tileUrl && <Typography.Text type="secondary">{t('map.noTiles')}</Typography.Text>}
      {hint && (
        <Typography.Text type="secondary" aria-live="polite">
          {hint}
        </Typography.Text>
      )}
    </Flex>
  );
}
