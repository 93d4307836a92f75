export { LocationMap, type LocationMapProps } from './location-map';
export { type MapPoint, roundPoint } from './types';
