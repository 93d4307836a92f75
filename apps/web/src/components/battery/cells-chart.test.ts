import { describe, expect, it } from 'vitest';
import { cellsChartOption, spreadOf } from './cells-chart';

describe('cell spread', () => {
  it('finds the highest and lowest cell and the spread between them', () => {
    const spread = spreadOf([3.301, 3.298, 3.312, 3.295]);
    expect(spread).toMatchObject({ max: 3.312, min: 3.295, maxAt: 3, minAt: 4 });
    expect(spread?.spread).toBeCloseTo(0.017, 6);
    expect(spreadOf([])).toBeNull();
  });

  it('draws one bar per cell, marks the extremes, and zooms the axis onto the spread', () => {
    const option = cellsChartOption([3.3, 3.31, 3.29], 'Cell voltage', 'V', { bar: 'blue', high: 'red', low: 'orange' });
    expect(option.xAxis).toEqual({ type: 'category', data: ['1', '2', '3'] });
    expect(option.yAxis).toMatchObject({ name: 'V', min: 3.28, max: 3.32 });
    expect(option.series).toEqual([
      {
        name: 'Cell voltage',
        type: 'bar',
        data: [
          { value: 3.3, itemStyle: { color: 'blue' } },
          { value: 3.31, itemStyle: { color: 'red' } },
          { value: 3.29, itemStyle: { color: 'orange' } },
        ],
      },
    ]);
  });
});
