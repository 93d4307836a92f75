import type { BatteryHistory } from '@cellsight/contract';
import type { ChartOption } from '@/components/e-chart';

export interface HistoryLabels {
  soc: string;
  power: string;
  charge: string;
  discharge: string;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** A station-local calendar day, YYYY-MM-DD, for daily buckets (which start at local midnight). */
export const localDay = (instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));

/**
 * Chart of a battery's history. 5-minute and hourly buckets: average SOC (%) and power (kW) over
 * time, on two axes. Daily buckets: energy charged and discharged per station-local day (kWh).
 */
export function historyChartOption(history: BatteryHistory, labels: HistoryLabels): ChartOption {
  const tooltip = { trigger: 'axis' as const };
  const legend = { top: 0 };
  const grid = { left: 56, right: 56, top: 40, bottom: 40 };
  if (history.period === '1d') {
    return {
      tooltip,
      legend,
      grid,
      xAxis: { type: 'category', data: history.points.map((p) => localDay(p.bucketStart, history.timezone)) },
      yAxis: { type: 'value', name: 'kWh' },
      series: [
        { name: labels.charge, type: 'bar', data: history.points.map((p) => round(p.chargeEnergy, 2)) },
        { name: labels.discharge, type: 'bar', data: history.points.map((p) => round(p.dischargeEnergy, 2)) },
      ],
    };
  }
  return {
    tooltip,
    legend,
    grid,
    // The whole asked range, so a battery that reported for an hour shows as an hour of a day.
    xAxis: { type: 'time', min: history.begin, max: history.end },
    yAxis: [
      { type: 'value', name: '%', min: 0, max: 100 },
      { type: 'value', name: 'kW' },
    ],
    series: [
      { name: labels.soc, type: 'line', showSymbol: false, data: history.points.map((p) => [p.bucketStart, round(p.socAvg, 1)]) },
      { name: labels.power, type: 'line', showSymbol: false, yAxisIndex: 1, data: history.points.map((p) => [p.bucketStart, round(p.powerAvg / 1000, 2)]) },
    ],
  };
}
