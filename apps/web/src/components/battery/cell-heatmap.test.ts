import { describe, expect, it } from 'vitest';
import { bucketLabels, cellDeviations, cellHeatmapOption, medianOf } from './cell-heatmap';

describe('the cell heat map', () => {
  it('measures each cell against the median of its column, in mV, so one drifting cell stands out', () => {
    const points = cellDeviations({
      kind: 'voltage',
      cells: [
        [3.301, 3.301],
        [3.302, 3.302],
        [3.27, 3.21],
        [3.299, null],
      ],
    });
    expect(points.filter((point) => point.bucket === 0).map((point) => point.deviation)).toEqual([1, 2, -30, -1]);
    // The second column has three cells: its median is the middle one, and the missing cell is left out.
    expect(points.filter((point) => point.bucket === 1).map((point) => [point.cell, point.deviation])).toEqual([
      [0, 0],
      [1, 1],
      [2, -91],
    ]);
  });

  it('takes medians of odd and even counts and of nothing', () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 2, 3])).toBe(2.5);
    expect(medianOf([null, null])).toBeNull();
  });

  it('labels the columns with the battery’s own clock, and colours symmetrically around an even pack', () => {
    expect(bucketLabels(['2026-11-19T15:00:00.000Z', '2026-11-19T15:05:00.000Z'], 'Asia/Tokyo')).toEqual(['00:00', '00:05']);
    const option = cellHeatmapOption(
      { batterySn: 'P', date: '2026-11-20', timezone: 'Asia/Tokyo', kind: 'voltage', bucketMinutes: 5, buckets: ['2026-11-19T15:00:00.000Z'], cells: [[3.3], [3.31], [3.2]] },
      { cell: (cell) => `Cell ${cell}`, unit: 'mV', deviation: 'above the median' },
      { low: 'blue', even: 'white', high: 'red', text: 'grey' },
    ) as { visualMap: { min: number; max: number }; yAxis: { data: string[] } };
    expect(option.visualMap).toMatchObject({ min: -100, max: 100 });
    expect(option.yAxis.data).toEqual(['Cell 1', 'Cell 2', 'Cell 3']);
  });
});
