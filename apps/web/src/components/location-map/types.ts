/** A point on the map, in degrees (WGS 84). */
export interface MapPoint {
  lat: number;
  lon: number;
}

/** Six decimals (about 10 cm) is all a station's place needs; longitudes wrap into -180…180 (a map scrolled round the world gives more). */
export const roundPoint = (lat: number, lon: number): MapPoint => ({
  lat: Math.round(lat * 1e6) / 1e6,
  lon: Math.round((((((lon + 180) % 360) + 360) % 360) - 180) * 1e6) / 1e6,
});
