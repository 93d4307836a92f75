import type { EnergyBar } from '@cellsight/contract';
import { Card, Empty, Spin } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart } from '@/components/lazy-e-chart';
import { formatNumber } from '@/lib/format';
import { type ChartLabels, type ReadingPoint, energyOption, readingsOption } from '../lib/history-options';

interface HistoryChartsProps {
  points: readonly ReadingPoint[];
  range: { begin: string; end: string; timezone: string };
  energy: readonly EnergyBar[];
  energyGrouping: 'day' | 'month' | 'year';
  /** Rollup buckets before thinning: more than the points shown means peaks were kept, not every bucket. */
  bucketCount: number;
}

/** The power and SOC lines over the range, then the energy bars; ECharts loads with the first chart. */
export function HistoryCharts({ points, range, energy, energyGrouping, bucketCount }: HistoryChartsProps) {
  const { t } = useTranslation('history');
  const labels: ChartLabels = useMemo(() => ({ power: t('series.power'), soc: t('series.soc'), charge: t('series.charge'), discharge: t('series.discharge') }), [t]);
  const readings = useMemo(() => readingsOption(points, range, labels), [points, range, labels]);
  const bars = useMemo(() => energyOption(energy, labels), [energy, labels]);
  const loading = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <>
      <Card
        title={t('chart.readings')}
        extra={
          <span>
            {t('chart.zone', { zone: range.timezone })}
            {bucketCount > points.length ? ` · ${t('chart.thinned', { shown: formatNumber(points.length, 0), total: formatNumber(bucketCount, 0) })}` : ''}
          </span>
        }
      >
        {points.length === 0 ? (
          <Empty description={t('chart.noReadings')} />
        ) : (
          <Suspense fallback={loading}>
            <LazyEChart option={readings} label={t('chart.readings')} />
          </Suspense>
        )}
      </Card>
      <Card title={t(`chart.energy.${energyGrouping}`)}>
        {energy.length === 0 ? (
          <Empty description={t('chart.noEnergy')} />
        ) : (
          <Suspense fallback={loading}>
            <LazyEChart option={bars} label={t(`chart.energy.${energyGrouping}`)} style={{ height: 260 }} />
          </Suspense>
        )}
      </Card>
    </>
  );
}
