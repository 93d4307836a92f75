import type { RollupPeriod } from '@cellsight/contract';
import { Alert, Drawer, Empty, Segmented, Spin, Tabs, theme } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerFeedback } from '@/lib/server-feedback';
import { useBatteryHistory } from '../api/get-battery-history';
import { LazyEChart as EChart } from '@/components/lazy-e-chart';
import { historyChartOption } from '../lib/history-chart';
import { BatteryCellsPanel } from '@/components/battery';


interface BatteryDetailDrawerProps {
  batterySn: string | null;
  onClose: () => void;
}

/**
 * A battery in detail: its last day (5-minute buckets), week (hourly) or month (station-local
 * days) as a chart, and the voltages and temperatures of its cells.
 */
export function BatteryDetailDrawer({ batterySn, onClose }: BatteryDetailDrawerProps) {
  const { t } = useTranslation('loggers');
  return (
    <Drawer open={batterySn !== null} onClose={onClose} size="large" title={batterySn ? t('detail.title', { batterySn }) : ''} destroyOnHidden>
      {batterySn && (
        <Tabs
          items={[
            { key: 'history', label: t('detail.history'), children: <HistoryChart batterySn={batterySn} /> },
            { key: 'cells', label: t('detail.cells'), children: <BatteryCellsPanel batterySn={batterySn} /> },
          ]}
        />
      )}
    </Drawer>
  );
}

const rangeKey: Record<RollupPeriod, 'day' | 'week' | 'month'> = { '5m': 'day', '1h': 'week', '1d': 'month' };

function HistoryChart({ batterySn }: { batterySn: string }) {
  const { t } = useTranslation('loggers');
  const { token } = theme.useToken();
  const feedback = useServerFeedback();
  const [period, setPeriod] = useState<RollupPeriod>('5m');
  const history = useBatteryHistory(batterySn, period);

  const option = useMemo(() => {
    if (!history.data) return null;
    const labels = { soc: t('history.soc'), power: t('history.power'), charge: t('history.charge'), discharge: t('history.discharge') };
    return { ...historyChartOption(history.data, labels), textStyle: { color: token.colorTextSecondary } };
  }, [history.data, t, token.colorTextSecondary]);

  return (
    <>
      <Segmented<RollupPeriod>
        value={period}
        onChange={setPeriod}
        options={[
          { value: '5m', label: t(`history.range.${rangeKey['5m']}`) },
          { value: '1h', label: t(`history.range.${rangeKey['1h']}`) },
          { value: '1d', label: t(`history.range.${rangeKey['1d']}`) },
        ]}
        style={{ marginBottom: 16 }}
      />
      {history.isError && <Alert type="warning" showIcon title={feedback.errorText(history.error)} />}
      {history.isPending && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {history.data && history.data.points.length === 0 && <Empty description={t('history.empty')} />}
      {option && history.data && history.data.points.length > 0 && (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <EChart option={option} label={t('history.chartLabel', { batterySn, range: t(`history.range.${rangeKey[period]}`) })} />
        </Suspense>
      )}
      {history.data && history.data.period === '1d' && <p style={{ color: token.colorTextSecondary }}>{t('history.dailyNote', { timezone: history.data.timezone })}</p>}
    </>
  );
}
