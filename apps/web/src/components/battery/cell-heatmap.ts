import type { BatteryCellHistory } from '@cellsight/contract';
import type { ChartOption } from '@/components/e-chart';

/** Median of the readings given (nulls left out); null when there are none. */
export const medianOf = (values: readonly (number | null)[]): number | null => {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Every cell's difference from the pack's median in each 5-minute column (mV for voltages, °C for
 * temperatures): a healthy pack is an even field and a drifting cell a coloured row, whatever the
 * state of charge does to all cells together. Cells and columns are 0-based; values are rounded.
 */
export const cellDeviations = (history: Pick<BatteryCellHistory, 'cells' | 'kind'>): { bucket: number; cell: number; deviation: number; value: number }[] => {
  const scale = history.kind === 'voltage' ? 1000 : 1;
  const columns = history.cells[0]?.length ?? 0;
  const points: { bucket: number; cell: number; deviation: number; value: number }[] = [];
  for (let bucket = 0; bucket < columns; bucket++) {
    const median = medianOf(history.cells.map((row) => row[bucket] ?? null));
    if (median === null) continue;
    history.cells.forEach((row, cell) => {
      const value = row[bucket];
      if (value !== null && value !== undefined) points.push({ bucket, cell, deviation: Math.round((value - median) * scale * 10) / 10, value });
    });
  }
  return points;
};

/** Clock times of the columns in the battery's own time zone (HH:mm). */
export const bucketLabels = (buckets: readonly string[], timeZone: string): string[] => {
  const format = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
  return buckets.map((bucket) => format.format(new Date(bucket)));
};

/** The heat map: columns are times, rows are cells, colour is the difference from the median (blue below, red above). */
export function cellHeatmapOption(
  history: BatteryCellHistory,
  texts: { cell: (cell: number) => string; unit: string; deviation: string },
  colors: { low: string; even: string; high: string; text: string },
): ChartOption {
  const points = cellDeviations(history);
  const extent = Math.max(history.kind === 'voltage' ? 5 : 0.5, ...points.map((point) => Math.abs(point.deviation)));
  const times = bucketLabels(history.buckets, history.timezone);
  const cellNames = history.cells.map((_row, index) => texts.cell(index + 1));
  const valueUnit = history.kind === 'voltage' ? 'V' : '°C';
  return {
    textStyle: { color: colors.text },
    tooltip: {
      position: 'top',
      formatter: (params: unknown) => {
        const [bucket, cell, deviation, value] = (params as { value: [number, number, number, number] }).value;
        return `${times[bucket] ?? ''} · ${cellNames[cell] ?? ''}<br/>${value} ${valueUnit} (${deviation > 0 ? '+' : ''}${deviation} ${texts.unit})`;
      },
    },
    grid: { left: 72, right: 24, top: 16, bottom: 72 },
    xAxis: { type: 'category', data: times, splitArea: { show: true } },
    yAxis: { type: 'category', data: cellNames, inverse: true, splitArea: { show: true } },
    visualMap: {
      min: -extent,
      max: extent,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 8,
      text: [`+${texts.deviation}`, `−${texts.deviation}`],
      inRange: { color: [colors.low, colors.even, colors.high] },
    },
    series: [{ type: 'heatmap', data: points.map((point) => [point.bucket, point.cell, point.deviation, point.value]), progressive: 0 }],
  };
}
