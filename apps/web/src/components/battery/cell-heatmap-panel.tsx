import type { BatteryCellHistory } from '@cellsight/contract';
import { Alert, DatePicker, Empty, Flex, Segmented, Spin, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart as EChart } from '@/components/lazy-e-chart';
import { useServerFeedback } from '@/lib/server-feedback';
import { cellHeatmapOption } from './cell-heatmap';
import { useCellHistory } from './use-cell-history';

/** Every cell of a battery over a chosen day (its own time zone), as a heat map of each cell's difference from the pack's median. */
export function CellHeatmapPanel({ batterySn }: { batterySn: string }) {
  const { t } = useTranslation('battery');
  const { token } = theme.useToken();
  const feedback = useServerFeedback();
  const [day, setDay] = useState<Dayjs | null>(null);
  const [kind, setKind] = useState<BatteryCellHistory['kind']>('voltage');
  const history = useCellHistory(batterySn, day?.format('YYYY-MM-DD'), kind);

  const option = useMemo(
    () =>
      history.data && history.data.buckets.length > 0
        ? cellHeatmapOption(
            history.data,
            { cell: (cell) => t('heatmap.cell', { cell }), unit: kind === 'voltage' ? 'mV' : '°C', deviation: t('heatmap.fromMedian') },
            { low: token.colorInfo, even: token.colorBgContainer, high: token.colorError, text: token.colorTextSecondary },
          )
        : null,
    [history.data, kind, t, token],
  );

  return (
    <section aria-label={t('heatmap.title')}>
      <Flex align="center" gap="middle" wrap style={{ margin: '24px 0 8px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('heatmap.title')}
        </Typography.Title>
        <DatePicker
          aria-label={t('heatmap.day')}
          value={day ?? (history.data ? dayjs(history.data.date) : null)}
          onChange={setDay}
          allowClear={false}
          disabledDate={(date) => date.isAfter(dayjs().add(1, 'day'), 'day')}
        />
        <Segmented
          value={kind}
          onChange={(value) => setKind(value as BatteryCellHistory['kind'])}
          options={[
            { value: 'voltage', label: t('cells.voltage') },
            { value: 'temperature', label: t('cells.temperature') },
          ]}
        />
      </Flex>
      <Typography.Paragraph type="secondary">{t('heatmap.hint', { zone: history.data?.timezone ?? '' })}</Typography.Paragraph>
      {history.isPending && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {history.isError && <Alert type="warning" showIcon title={feedback.errorText(history.error)} />}
      {history.data && !option && <Empty description={t('heatmap.empty', { date: history.data.date })} />}
      {option && history.data && (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '32px auto' }} />}>
          <EChart option={option} label={t('heatmap.chart', { batterySn, date: history.data.date })} style={{ height: Math.max(220, 56 + history.data.cells.length * 22 + 64) }} />
        </Suspense>
      )}
    </section>
  );
}
