import { type StationRecord, limits } from '@cellsight/contract';
import { formatNumber } from '@/lib/format';

/** A station's latest figures, as the list and the detail page show them. */
export type StationFigure = 'power' | 'socAvg' | 'chargeToday' | 'dischargeToday';

// Power and energies to the watt-hour's tenth are noise at station scale; SOC as the spec's ShowFloat (1 decimal).
const decimals: Record<StationFigure, number> = { power: 2, socAvg: 1, chargeToday: 2, dischargeToday: 2 };

/** The figure's number without its unit (the heading carries it); empty when the station has no reading. */
export const formatFigure = (station: Pick<StationRecord, StationFigure>, figure: StationFigure): string => formatNumber(station[figure], decimals[figure]);

/** "3 / 4": loggers online of all the station's loggers. */
export const loggersOnlineText = ({ loggersOnline, loggerCount }: Pick<StationRecord, 'loggersOnline' | 'loggerCount'>): string => `${loggersOnline} / ${loggerCount}`;

/** "30.65699, 104.05764", or empty when the station has no location. */
export const formatLocation = ({ lat, lon }: Pick<StationRecord, 'lat' | 'lon'>): string => (lat === null || lon === null ? '' : `${lat.toFixed(5)}, ${lon.toFixed(5)}`);

/** Whether a main station may take another sub-station (at most 10, spec section 5). */
export const hasRoomForSubStation = ({ subStationCount }: Pick<StationRecord, 'subStationCount'>): boolean => subStationCount < limits.subStationsMax;
