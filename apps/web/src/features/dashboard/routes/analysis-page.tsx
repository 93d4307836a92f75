import type { DashboardAnalysis } from '@cellsight/contract';
import { dashboardTrendDays } from '@cellsight/contract';
import { Card, Col, Empty, Flex, Row, Spin, Statistic, Table, Tag, Typography, theme } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '@/components/e-chart';
import { LazyEChart } from '@/components/lazy-e-chart';
import { useDashboardAnalysis, useDashboardLiveRefresh } from '../api/dashboard-queries';
import { DashboardState } from '../components/dashboard-state';
import { StationLink } from '../components/station-link';
import { stationStatusColors, stationStatusKey, stationStatusKeys } from '../lib/dashboard-status';

const eventTypes = ['fault', 'protect', 'warning', 'normal'] as const;

function Figures({ data }: { data: DashboardAnalysis }) {
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('stations');
  const kwh = (value: number) => `${value.toFixed(2)} kWh`;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <Card title={t('analysis.stations')}>
          <Statistic title={t('analysis.total')} value={data.stations.total} />
          <Flex wrap gap={8} style={{ marginTop: 12 }}>
            {stationStatusKeys.map((key) => (
              <Tag key={key} color={stationStatusColors[key]}>
                {ts(`status.${key}`)}: {data.stations[key]}
              </Tag>
            ))}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card title={t('analysis.loggers')}>
          <Flex gap={24}>
            <Statistic title={t('analysis.online')} value={data.loggers.online} valueStyle={{ color: stationStatusColors.normal }} />
            <Statistic title={t('analysis.offline')} value={data.loggers.offline} valueStyle={{ color: stationStatusColors.offline }} />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card title={t('analysis.openEvents')}>
          <Statistic title={t('analysis.total')} value={data.openEvents.total} />
          <Flex wrap gap={8} style={{ marginTop: 12 }}>
            {eventTypes.map((type) => (
              <Tag key={type}>
                {t(`eventType.${type}`)}: {data.openEvents[type]}
              </Tag>
            ))}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card title={t('analysis.energy')}>
          <table style={{ width: '100%' }}>
            <thead>
              <tr>
                <th />
                <th style={{ textAlign: 'right' }}>{t('analysis.charged')}</th>
                <th style={{ textAlign: 'right' }}>{t('analysis.discharged')}</th>
              </tr>
            </thead>
            <tbody>
              {(['today', 'month', 'year'] as const).map((period) => (
                <tr key={period}>
                  <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal' }}>
                    {t(`analysis.${period}`)}
                  </th>
                  <td style={{ textAlign: 'right' }}>{kwh(data.energy[period].charge)}</td>
                  <td style={{ textAlign: 'right' }}>{kwh(data.energy[period].discharge)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('analysis.localDays')}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}

function Trend({ data }: { data: DashboardAnalysis }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const option = useMemo<ChartOption>(
    () => ({
      textStyle: { color: token.colorTextSecondary },
      tooltip: { trigger: 'axis' },
      legend: { data: [t('analysis.charged'), t('analysis.discharged')], textStyle: { color: token.colorTextSecondary } },
      grid: { left: 48, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: data.trend.map((day) => day.date.slice(5)) },
      yAxis: { type: 'value', name: 'kWh' },
      series: [
        { name: t('analysis.charged'), type: 'bar', data: data.trend.map((day) => day.charge), itemStyle: { color: token.colorSuccess } },
        { name: t('analysis.discharged'), type: 'bar', data: data.trend.map((day) => day.discharge), itemStyle: { color: token.colorPrimary } },
      ],
    }),
    [data.trend, t, token],
  );
  const empty = data.trend.every((day) => day.charge === 0 && day.discharge === 0);
  return (
    <Card title={t('analysis.trend', { days: dashboardTrendDays })}>
      {empty ? (
        <Empty description={t('analysis.noEnergy')} />
      ) : (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <LazyEChart option={option} label={t('analysis.trend', { days: dashboardTrendDays })} />
        </Suspense>
      )}
    </Card>
  );
}

function TopStations({ data }: { data: DashboardAnalysis }) {
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('stations');
  return (
    <Card title={t('analysis.topStations', { days: dashboardTrendDays })}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.topStations}
        locale={{ emptyText: <Empty description={t('analysis.noTopStations', { days: dashboardTrendDays })} /> }}
        columns={[
          { key: 'name', title: t('columns.station'), render: (_, row) => <StationLink id={row.id} name={row.name} /> },
          {
            key: 'status',
            title: t('columns.status'),
            render: (_, row) => {
              const key = stationStatusKey(row.status);
              return <Tag color={stationStatusColors[key]}>{ts(`status.${key}`)}</Tag>;
            },
          },
          { key: 'faults', title: t('eventType.fault'), dataIndex: 'faults', align: 'right' },
          { key: 'protects', title: t('eventType.protect'), dataIndex: 'protects', align: 'right' },
        ]}
      />
    </Card>
  );
}

/** /dashboard/analysis: the caller's fleet at a glance, refreshed by live events and every 30 s. */
export default function AnalysisPage() {
  const query = useDashboardAnalysis();
  useDashboardLiveRefresh();
  return (
    <DashboardState query={query}>
      {(data) => (
        <Flex vertical gap={16}>
          <Figures data={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Trend data={data} />
            </Col>
            <Col xs={24} xl={10}>
              <TopStations data={data} />
            </Col>
          </Row>
        </Flex>
      )}
    </DashboardState>
  );
}
