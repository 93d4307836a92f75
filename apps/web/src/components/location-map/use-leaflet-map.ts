import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { type CSSProperties, type RefObject, useEffect, useRef } from 'react';
import type { MapPoint } from './types';

export interface LeafletMapSetup {
  /** Where the map opens (read once: later changes are the screen's to make). */
  center: MapPoint;
  zoom: number;
  /** `{z}/{x}/{y}` tile template; empty shows the map without tiles. */
  tileUrl: string;
  attribution: string;
  /** Adds the screen's own layers and handlers to a new map; answers how to undo them. */
  onCreate?: (map: L.Map) => () => void;
}

/**
 * One Leaflet map in the returned element: made once per tile source, with the tile layer, kept in
 * size as its dialog or tab changes, and removed with the component. Both map components use it.
 */
export function useLeafletMap({ center, zoom, tileUrl, attribution, onCreate }: LeafletMapSetup): { element: RefObject<HTMLDivElement | null>; map: RefObject<L.Map | null> } {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const opening = useRef({ center, zoom, onCreate });

  useEffect(() => {
    if (!element.current) return;
    const { center: start, zoom: startZoom, onCreate: create } = opening.current;
    const instance = L.map(element.current, { center: [start.lat, start.lon], zoom: startZoom, worldCopyJump: true });
    // Tile servers ask to know the site that shows their tiles: the console's origin only, never its paths.
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19, referrerPolicy: 'origin' }).addTo(instance);
    const undo = create?.(instance);
    map.current = instance;
    const observer = new ResizeObserver(() => instance.invalidateSize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      undo?.();
      instance.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

  return { element, map };
}

/** The map's box: a plain background where no tiles are drawn. */
export const mapBoxStyle = (height: number, tileUrl: string): CSSProperties => ({ height, width: '100%', background: tileUrl ? undefined : 'var(--ant-color-fill-quaternary, #f5f5f5)' });
