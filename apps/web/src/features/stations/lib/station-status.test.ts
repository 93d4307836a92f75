import { StationStatus } from '@cellsight/contract';
import { describe, expect, it } from 'vitest';
import { stationStatusColor, stationStatusKey } from './station-status';

describe('station status', () => {
  it('colours faults red, warnings orange, normal stations green and offline ones grey', () => {
    expect(stationStatusColor(StationStatus.Fault)).toBe('red');
    expect(stationStatusColor(StationStatus.Warning)).toBe('orange');
    expect(stationStatusColor(StationStatus.Normal)).toBe('green');
    expect(stationStatusColor(StationStatus.Offline)).toBe('default');
  });

  it('names each status, and none for a value it does not know (shown grey)', () => {
    expect([0, 1, 2, 3].map(stationStatusKey)).toEqual(['fault', 'warning', 'normal', 'offline']);
    expect(stationStatusKey(9)).toBeUndefined();
    expect(stationStatusColor(9)).toBe('default');
  });
});
