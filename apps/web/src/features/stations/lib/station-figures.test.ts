import { stationRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { describe, expect, it } from 'vitest';
import { formatFigure, formatLocation, hasRoomForSubStation, loggersOnlineText } from './station-figures';

const station = buildRecord(stationRecordSchema, { power: 12.3456, socAvg: 64.44, chargeToday: 3.5, dischargeToday: null, loggersOnline: 3, loggerCount: 4, lat: 30.656994, lon: 104.0576412 });
const number = (value: number, digits: number) => value.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe('station figures', () => {
  it('shows power and energies with 2 decimals, SOC with 1, and nothing without a reading', () => {
    expect(formatFigure(station, 'power')).toBe(number(12.35, 2));
    expect(formatFigure(station, 'socAvg')).toBe(number(64.4, 1));
    expect(formatFigure(station, 'chargeToday')).toBe(number(3.5, 2));
    expect(formatFigure(station, 'dischargeToday')).toBe('');
  });

  it('counts loggers online of all, and writes the location to 5 decimals', () => {
    expect(loggersOnlineText(station)).toBe('3 / 4');
    expect(formatLocation(station)).toBe('30.65699, 104.05764');
    expect(formatLocation({ lat: null, lon: 104 })).toBe('');
  });

  it('leaves room for sub-stations up to 10', () => {
    expect(hasRoomForSubStation({ subStationCount: 9 })).toBe(true);
    expect(hasRoomForSubStation({ subStationCount: 10 })).toBe(false);
  });
});
