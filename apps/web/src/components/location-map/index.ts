export { LocationMap, type LocationMapProps } from './location-map';
export { type MapPoint, roundPoint } from './types';
export { StationMap, type StationMapProps } from './station-map';
export type { MapSpot } from './leaflet-station-map';
