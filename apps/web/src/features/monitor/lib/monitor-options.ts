import type { MonitorSample } from '@cellsight/contract';
import type { ChartOption } from '@/components/e-chart';

const grid = { left: 56, right: 56, top: 64, bottom: 40 };
const hourMs = 3600_000;
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

export interface SeriesSpec {
  name: string;
  value: (sample: MonitorSample) => number | null;
  /** The second (right) axis. */
  right?: boolean;
}

/** Lines over the last hour, one per series, on one or two value axes with their units. */
export function historyOption(samples: readonly MonitorSample[], series: readonly SeriesSpec[], units: [left: string, right?: string]): ChartOption {
  const last = samples.at(-1);
  const end = last ? Date.parse(last.time) : Date.now();
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    // Always the whole last hour, so a fresh process's few samples do not crowd the labels.
    xAxis: { type: 'time', min: end - hourMs, max: end, splitNumber: 6 },
    yAxis: units[1] === undefined ? { type: 'value', name: units[0] } : [{ type: 'value', name: units[0] }, { type: 'value', name: units[1] }],
    series: series.map((spec) => ({
      name: spec.name,
      type: 'line',
      showSymbol: false,
      ...(spec.right ? { yAxisIndex: 1 } : {}),
      data: samples.map((sample) => [sample.time, spec.value(sample)]),
    })),
  };
}

export const sampleValues = {
  rssMb: (sample: MonitorSample) => mb(sample.rssBytes),
  heapMb: (sample: MonitorSample) => mb(sample.heapUsedBytes),
  cpu: (sample: MonitorSample) => round(sample.cpuPercent, 1),
  eventLoop: (sample: MonitorSample) => round(sample.eventLoopP99Ms, 1),
  requests: (sample: MonitorSample) => round(sample.requestsPerSecond, 2),
  messages: (sample: MonitorSample) => round(sample.messagesPerSecond, 2),
  samples: (sample: MonitorSample) => round(sample.samplesPerSecond, 2),
  dbConnections: (sample: MonitorSample) => sample.dbConnections,
};
