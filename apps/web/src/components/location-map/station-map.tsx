import { Flex, Spin, Typography } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';
import type { MapSpot } from './leaflet-station-map';

const LeafletStationMap = lazy(() => import('./leaflet-station-map'));

/** The spec's map defaults (section 9), for when the deployment's settings cannot be read; an overview opens wider than a picker. */
const fallbackMap = { tileUrl: '', attribution: '', defaultLat: 30.65699, defaultLon: 104.057641 };
const overviewZoom = 4;

export interface StationMapProps {
  spots: MapSpot[];
  /** Names the map for assistive technology. */
  label: string;
  onOpen: (id: string) => void;
  height?: number;
}

/** Places on a map (the deployment's tiles, or a plain background without them), each a coloured dot that opens its place when clicked. */
export function StationMap({ spots, label, onOpen, height = 420 }: StationMapProps) {
  const { t } = useTranslation('stations');
  const config = usePublicConfig();
  const map = config.data?.map ?? fallbackMap;
  const loading = (
    <Flex align="center" justify="center" style={{ height }}>
      <Spin description={t('map.loading')} />
    </Flex>
  );
  if (config.isPending) return loading;
  return (
    <Flex vertical gap={4}>
      <Suspense fallback={loading}>
        <LeafletStationMap
          spots={spots}
          center={{ lat: map.defaultLat, lon: map.defaultLon }}
          zoom={overviewZoom}
          tileUrl={map.tileUrl}
          attribution={map.attribution}
          label={label}
          height={height}
          onOpen={onOpen}
        />
      </Suspense>
      {!map.tileUrl && <Typography.Text type="secondary">{t('map.noTiles')}</Typography.Text>}
    </Flex>
  );
}
