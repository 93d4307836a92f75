import { Alert, Col, Empty, Row, Spin, Statistic, Typography, theme } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useServerFeedback } from '@/lib/server-feedback';
import { LazyEChart as EChart } from '@/components/lazy-e-chart';
import { cellsChartOption, spreadOf } from './cells-chart';
import { CellHeatmapPanel } from './cell-heatmap-panel';
import { useBatteryCells } from './use-battery-cells';

/** The cells of a battery's latest reading (highest, lowest and spread, and a bar per cell), then every cell over a day as a heat map. */
export function BatteryCellsPanel({ batterySn }: { batterySn: string }) {
  const { t } = useTranslation('battery');
  const { token } = theme.useToken();
  const feedback = useServerFeedback();
  const cells = useBatteryCells(batterySn);

  const charts = useMemo(() => {
    if (!cells.data) return null;
    const colors = { bar: token.colorPrimary, high: token.colorError, low: token.colorWarning };
    const textStyle = { color: token.colorTextSecondary };
    return {
      voltage: { ...cellsChartOption(cells.data.cellVoltages, t('cells.voltage'), 'V', colors), textStyle },
      temperature: { ...cellsChartOption(cells.data.cellTemperatures, t('cells.temperature'), '°C', colors), textStyle },
    };
  }, [cells.data, t, token]);

  if (cells.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (cells.isError) {
    // A battery that has not reported yet has no cells to show; anything else is an error.
    if (cells.error instanceof ApiError && cells.error.status === 404) return <Empty description={t('cells.empty')} />;
    return <Alert type="warning" showIcon title={feedback.errorText(cells.error)} />;
  }
  const voltage = spreadOf(cells.data.cellVoltages);
  const temperature = spreadOf(cells.data.cellTemperatures);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('cells.readingAt', { time: formatDateTime(cells.data.ts) })}</Typography.Paragraph>
      {voltage && (
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col span={6}>
            <Statistic title={t('cells.highest', { cell: voltage.maxAt })} value={voltage.max} precision={3} suffix="V" />
          </Col>
          <Col span={6}>
            <Statistic title={t('cells.lowest', { cell: voltage.minAt })} value={voltage.min} precision={3} suffix="V" />
          </Col>
          <Col span={6}>
            <Statistic title={t('cells.spread')} value={Math.round(voltage.spread * 1000)} suffix="mV" />
          </Col>
          {temperature && (
            <Col span={6}>
              <Statistic title={t('cells.hottest', { cell: temperature.maxAt })} value={temperature.max} precision={1} suffix="°C" />
            </Col>
          )}
        </Row>
      )}
      {charts && (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          {cells.data.cellVoltages.length > 0 && <EChart option={charts.voltage} label={t('cells.voltageChart', { batterySn })} style={{ height: 260 }} />}
          {cells.data.cellTemperatures.length > 0 && <EChart option={charts.temperature} label={t('cells.temperatureChart', { batterySn })} style={{ height: 220 }} />}
        </Suspense>
      )}
      <CellHeatmapPanel batterySn={batterySn} />
    </>
  );
}
