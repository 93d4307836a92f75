import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapPoint } from './types';
import { mapBoxStyle, useLeafletMap } from './use-leaflet-map';

export interface MapSpot extends MapPoint {
  id: string;
  /** What the spot says on hover and to assistive technology. */
  label: string;
  /** CSS colour of the dot. */
  color: string;
}

export interface LeafletStationMapProps {
  spots: MapSpot[];
  center: MapPoint;
  zoom: number;
  tileUrl: string;
  attribution: string;
  label: string;
  height: number;
  onOpen: (id: string) => void;
}

/**
 * Many places as coloured dots (Leaflet, in its own chunk). The dots are small HTML markers, not
 * images: they take any colour, work without tiles and can be reached with the keyboard.
 */
export default function LeafletStationMap({ spots, center, zoom, tileUrl, attribution, label, height, onOpen }: LeafletStationMapProps) {
  const layer = useRef<L.LayerGroup | null>(null);
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  }, [onOpen]);
  const { element, map } = useLeafletMap({
    center,
    zoom,
    tileUrl,
    attribution,
    onCreate: (instance) => {
      layer.current = L.layerGroup().addTo(instance);
      return () => {
        layer.current = null;
      };
    },
  });

  // The spots change with every refresh; the view moves only when the set of places does.
  const placesKey = spots.map((spot) => `${spot.id}:${spot.lat}:${spot.lon}`).join('|');
  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const spot of spots) {
      const icon = L.divIcon({ className: 'cs-map-spot', html: `<span style="display:block;width:14px;height:14px;border-radius:50%;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.6);background:${spot.color}"></span>`, iconSize: [14, 14] });
      L.marker([spot.lat, spot.lon], { icon, title: spot.label, alt: spot.label, keyboard: true })
        .on('click', () => latest.current(spot.id))
        .addTo(group);
    }
  }, [spots]);

  useEffect(() => {
    const instance = map.current;
    if (!instance || spots.length === 0) return;
    instance.fitBounds(L.latLngBounds(spots.map((spot) => [spot.lat, spot.lon] as [number, number])), { padding: [24, 24], maxZoom: 12 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new set of places moves the view
  }, [placesKey]);

  return <div ref={element} role="application" aria-label={label} style={mapBoxStyle(height, tileUrl)} />;
}
