import type { ChartOption } from '@/components/e-chart';

export interface CellSpread {
  max: number;
  min: number;
  /** Highest minus lowest, in the readings' unit. */
  spread: number;
  /** 1-based positions of the highest and lowest cell. */
  maxAt: number;
  minAt: number;
}

/** Highest, lowest and spread of a set of cell readings; null when there are none. */
export const spreadOf = (values: readonly number[]): CellSpread | null => {
  if (values.length === 0) return null;
  let maxAt = 0;
  let minAt = 0;
  values.forEach((value, index) => {
    if (value > (values[maxAt] as number)) maxAt = index;
    if (value < (values[minAt] as number)) minAt = index;
  });
  const max = values[maxAt] as number;
  const min = values[minAt] as number;
  return { max, min, spread: max - min, maxAt: maxAt + 1, minAt: minAt + 1 };
};

/**
 * One bar per cell, the highest and lowest marked in colour, with the axis starting near the lowest
 * cell: what matters in cell voltages is the spread between cells, a few millivolts, not zero to 4 V.
 */
export function cellsChartOption(values: readonly number[], name: string, unit: string, colors: { bar: string; high: string; low: string }): ChartOption {
  const spread = spreadOf(values);
  const margin = spread ? Math.max(spread.spread * 0.5, unit === 'V' ? 0.01 : 1) : 0;
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 24, top: 32, bottom: 40 },
    xAxis: { type: 'category', data: values.map((_value, index) => String(index + 1)) },
    yAxis: { type: 'value', name: unit, min: spread ? Number((spread.min - margin).toFixed(3)) : undefined, max: spread ? Number((spread.max + margin).toFixed(3)) : undefined },
    series: [
      {
        name,
        type: 'bar',
        data: values.map((value, index) => ({
          value,
          itemStyle: { color: spread && index + 1 === spread.maxAt ? colors.high : spread && index + 1 === spread.minAt ? colors.low : colors.bar },
        })),
      },
    ],
  };
}
