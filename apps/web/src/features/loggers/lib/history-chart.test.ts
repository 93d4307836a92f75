import type { BatteryHistory, BatteryHistoryPoint } from '@cellsight/contract';
import { describe, expect, it } from 'vitest';
import { historyChartOption, localDay } from './history-chart';

const point = (bucketStart: string, values: Partial<BatteryHistoryPoint> = {}): BatteryHistoryPoint => ({
  bucketStart,
  samples: 60,
  socAvg: 50.04,
  socMin: 40,
  socMax: 60,
  powerAvg: 1234.5,
  powerMin: 0,
  powerMax: 2000,
  voltageAvg: 51.2,
  currentAvg: 20,
  temperatureAvg: 25,
  temperatureMax: 27,
  chargeEnergy: 3.456,
  dischargeEnergy: 1.2,
  ...values,
});
const labels = { soc: 'SOC', power: 'Power', charge: 'Charged', discharge: 'Discharged' };
const history = (period: BatteryHistory['period'], points: BatteryHistoryPoint[]): BatteryHistory => ({
  batterySn: 'BAT-1',
  period,
  begin: '2026-03-27T00:00:00Z',
  end: '2026-03-31T00:00:00Z',
  timezone: 'Europe/Berlin',
  points,
});

describe('history chart', () => {
  it('plots average SOC in % and average power in kW over time for 5-minute and hourly buckets', () => {
    const option = historyChartOption(history('1h', [point('2026-03-28T22:00:00.000Z'), point('2026-03-28T23:00:00.000Z', { powerAvg: -500 })]), labels);
    expect(option.xAxis).toEqual({ type: 'time', min: '2026-03-27T00:00:00Z', max: '2026-03-31T00:00:00Z' });
    expect(option.series).toEqual([
      expect.objectContaining({ name: 'SOC', type: 'line', data: [['2026-03-28T22:00:00.000Z', 50], ['2026-03-28T23:00:00.000Z', 50]] }),
      expect.objectContaining({ name: 'Power', type: 'line', yAxisIndex: 1, data: [['2026-03-28T22:00:00.000Z', 1.23], ['2026-03-28T23:00:00.000Z', -0.5]] }),
    ]);
  });

  it('shows daily energy per station-local day, across the daylight-saving change', () => {
    // Berlin midnights: 23:00 UTC in winter, 22:00 UTC after the change on 29 March.
    const option = historyChartOption(history('1d', [point('2026-03-27T23:00:00.000Z'), point('2026-03-28T23:00:00.000Z'), point('2026-03-29T22:00:00.000Z', { chargeEnergy: 5 })]), labels);
    expect(option.xAxis).toEqual({ type: 'category', data: ['2026-03-28', '2026-03-29', '2026-03-30'] });
    expect(option.series).toEqual([
      expect.objectContaining({ name: 'Charged', type: 'bar', data: [3.46, 3.46, 5] }),
      expect.objectContaining({ name: 'Discharged', type: 'bar', data: [1.2, 1.2, 1.2] }),
    ]);
  });

  it('names local days in the given time zone', () => {
    expect(localDay('2026-03-27T23:00:00.000Z', 'Europe/Berlin')).toBe('2026-03-28');
    expect(localDay('2026-03-27T23:00:00.000Z', 'UTC')).toBe('2026-03-27');
  });
});
