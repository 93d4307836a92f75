import type { EnergyBar } from '@cellsight/contract';
import type { ChartOption } from '@/components/e-chart';

export interface ReadingPoint {
  bucketStart: string;
  /** kW. */
  power: number;
  /** %. */
  soc: number;
}

export interface ChartLabels {
  power: string;
  soc: string;
  charge: string;
  discharge: string;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const grid = { left: 56, right: 56, top: 40, bottom: 40 };

/**
 * Power (kW) and SOC (%) over the range on two axes. The axis spans the whole range asked for, so a
 * battery that reported for an hour shows as an hour of its day.
 */
export function readingsOption(points: readonly ReadingPoint[], range: { begin: string; end: string }, labels: ChartLabels): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'time', min: range.begin, max: range.end },
    yAxis: [
      { type: 'value', name: 'kW' },
      { type: 'value', name: '%', min: 0, max: 100 },
    ],
    series: [
      { name: labels.power, type: 'line', showSymbol: false, data: points.map((p) => [p.bucketStart, round(p.power, 2)]) },
      { name: labels.soc, type: 'line', showSymbol: false, yAxisIndex: 1, data: points.map((p) => [p.bucketStart, round(p.soc, 1)]) },
    ],
  };
}

/** Energy charged and discharged (kWh) per station-local day, month or year. */
export function energyOption(energy: readonly EnergyBar[], labels: ChartLabels): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: energy.map((bar) => bar.label) },
    yAxis: { type: 'value', name: 'kWh' },
    series: [
      { name: labels.charge, type: 'bar', data: energy.map((bar) => round(bar.chargeEnergy, 2)) },
      { name: labels.discharge, type: 'bar', data: energy.map((bar) => round(bar.dischargeEnergy, 2)) },
    ],
  };
}
