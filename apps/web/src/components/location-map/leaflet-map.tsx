import L from 'leaflet';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef } from 'react';
import { type MapPoint, roundPoint } from './types';
import { mapBoxStyle, useLeafletMap } from './use-leaflet-map';

/**
 * Leaflet finds its default marker images through a CSS url it reads back at run time, which
 * Vite's hashed asset names break: the marker uses the bundle's own copies instead (no CDN).
 */
const markerIcon = L.icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

export interface LeafletMapProps {
  /** Where the map opens when there is no marker yet. */
  center: MapPoint;
  zoom: number;
  /** The chosen point; null shows no marker. */
  marker: MapPoint | null;
  /** `{z}/{x}/{y}` tile template; empty shows the map without tiles. */
  tileUrl: string;
  attribution: string;
  /** Names the map and the marker for assistive technology. */
  label: string;
  markerLabel: string;
  disabled?: boolean;
  height: number;
  /** The user clicked the map or dropped the marker. */
  onPick: (point: MapPoint) => void;
}

/** The Leaflet part of the location map, in its own chunk: screens without a map never load Leaflet. */
export default function LeafletMap({ center, zoom, marker, tileUrl, attribution, label, markerLabel, disabled = false, height, onPick }: LeafletMapProps) {
  const pin = useRef<L.Marker | null>(null);
  // Leaflet's handlers are bound once; they read the latest callback and state through refs.
  const latest = useRef({ onPick, disabled });
  useEffect(() => {
    latest.current = { onPick, disabled };
  }, [onPick, disabled]);
  // The map opens where it should once (on the marker when there is one); later centre changes are the marker's to make.
  const { element, map } = useLeafletMap({
    center: marker ?? center,
    zoom,
    tileUrl,
    attribution,
    onCreate: (instance) => {
      instance.on('click', (event: L.LeafletMouseEvent) => {
        if (!latest.current.disabled) latest.current.onPick(roundPoint(event.latlng.lat, event.latlng.lng));
      });
      return () => {
        pin.current = null;
      };
    },
  });

  const lat = marker?.lat;
  const lon = marker?.lon;
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (lat === undefined || lon === undefined) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (!pin.current) {
      const created = L.marker([lat, lon], { icon: markerIcon, draggable: true, title: markerLabel, alt: markerLabel, keyboard: true });
      created.on('dragend', () => {
        const at = created.getLatLng();
        latest.current.onPick(roundPoint(at.lat, at.lng));
      });
      pin.current = created.addTo(instance);
    } else {
      pin.current.setLatLng([lat, lon]);
    }
    // Coordinates typed into the form bring the map along.
    if (!instance.getBounds().contains([lat, lon])) instance.panTo([lat, lon]);
  }, [map, lat, lon, markerLabel, tileUrl, attribution]);

  useEffect(() => {
    const dragging = pin.current?.dragging;
    if (disabled) dragging?.disable();
    else dragging?.enable();
  }, [disabled, lat, lon]);

  return <div ref={element} role="application" aria-label={label} style={mapBoxStyle(height, tileUrl)} />;
}
