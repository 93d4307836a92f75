import type { MonitorDatabase, MonitorSample } from '@cellsight/contract';
import { Alert, Card, Col, Descriptions, Empty, InputNumber, Row, Space, Spin, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart } from '@/components/lazy-e-chart';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { formatDateTime, formatFileSize, formatNumber } from '@/lib/format';
import { useMonitorBroker, useMonitorDatabase, useMonitorHistory, useMonitorRedis, useMonitorServer } from '../api/monitor-queries';
import { type SeriesSpec, historyOption, sampleValues } from '../lib/monitor-options';

const loading = <Spin style={{ display: 'block', margin: '48px auto' }} />;

/** Seconds as days, hours and minutes. */
const useDuration = () => {
  const { t } = useTranslation('monitor');
  return (seconds: number) => {
    const days = Math.floor(seconds / 86400);
    const hours = Math.floor((seconds % 86400) / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return t('duration', { days, hours, minutes });
  };
};

/** One chart of the last hour (samples every 10 s); empty until the sampler has two samples. */
function HistoryChart({ title, samples, series, units }: { title: string; samples: readonly MonitorSample[]; series: SeriesSpec[]; units: [string, string?] }) {
  const { t } = useTranslation('monitor');
  const option = useMemo(() => historyOption(samples, series, units), [samples, series, units]);
  return (
    <Card size="small" title={title}>
      {samples.length < 2 ? (
        <Empty description={t('history.empty')} />
      ) : (
        <Suspense fallback={loading}>
          <LazyEChart option={option} label={title} style={{ height: 240 }} />
        </Suspense>
      )}
    </Card>
  );
}

function useSamples() {
  const history = useMonitorHistory();
  return history.data?.samples ?? [];
}

function ServerSection() {
  const { t } = useTranslation('monitor');
  const duration = useDuration();
  const server = useMonitorServer();
  const samples = useSamples();
  const memorySeries = useMemo<SeriesSpec[]>(() => [{ name: t('server.rss'), value: sampleValues.rssMb }, { name: t('server.heapUsed'), value: sampleValues.heapMb }], [t]);
  const loadSeries = useMemo<SeriesSpec[]>(() => [{ name: t('server.cpu'), value: sampleValues.cpu }, { name: t('server.eventLoopP99'), value: sampleValues.eventLoop, right: true }], [t]);
  const requestSeries = useMemo<SeriesSpec[]>(() => [{ name: t('server.requests'), value: sampleValues.requests }], [t]);
  if (server.error) return <LoadErrorAlert error={server.error} onRetry={() => void server.refetch()} />;
  const data = server.data;
  if (!data) return loading;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('server.rss')} value={formatFileSize(data.memory.rss)} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('server.heapUsed')} value={`${formatFileSize(data.memory.heapUsed)} / ${formatFileSize(data.memory.heapTotal)}`} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('server.cpu')} value={formatNumber(data.cpuPercent, 1, ' %')} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('server.eventLoopP99')} value={formatNumber(data.eventLoop.p99Ms, 1, ' ms')} /></Card></Col>
      </Row>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('server.productVersion')}>{data.productVersion}</Descriptions.Item>
        <Descriptions.Item label={t('server.nodeVersion')}>{data.nodeVersion}</Descriptions.Item>
        <Descriptions.Item label={t('server.process')}>{t('server.processValue', { pid: data.pid, host: data.hostname })}</Descriptions.Item>
        <Descriptions.Item label={t('server.platform')}>{data.platform}</Descriptions.Item>
        <Descriptions.Item label={t('server.started')}>{formatDateTime(data.startTime)}</Descriptions.Item>
        <Descriptions.Item label={t('server.uptime')}>{duration(data.uptimeSeconds)}</Descriptions.Item>
        <Descriptions.Item label={t('server.eventLoop')}>
          {t('server.eventLoopValue', { mean: formatNumber(data.eventLoop.meanMs, 1), p50: formatNumber(data.eventLoop.p50Ms, 1), p99: formatNumber(data.eventLoop.p99Ms, 1), max: formatNumber(data.eventLoop.maxMs, 1) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('server.requests')}>{formatNumber(data.requestsPerSecond, 2)}</Descriptions.Item>
        <Descriptions.Item label={t('server.systemMemory')}>{t('server.systemMemoryValue', { free: formatFileSize(data.memory.systemFree), total: formatFileSize(data.memory.systemTotal) })}</Descriptions.Item>
        <Descriptions.Item label={t('server.load')}>{t('server.loadValue', { load: data.loadAverage.map((value) => formatNumber(value, 2)).join(' / '), cpus: data.cpuCount })}</Descriptions.Item>
      </Descriptions>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}><HistoryChart title={t('history.memory')} samples={samples} series={memorySeries} units={['MB']} /></Col>
        <Col xs={24} xl={8}><HistoryChart title={t('history.load')} samples={samples} series={loadSeries} units={['%', 'ms']} /></Col>
        <Col xs={24} xl={8}><HistoryChart title={t('history.requests')} samples={samples} series={requestSeries} units={['/s']} /></Col>
      </Row>
    </Space>
  );
}

function DatabaseSection() {
  const { t } = useTranslation('monitor');
  const [slowSeconds, setSlowSeconds] = useState(5);
  const database = useMonitorDatabase(slowSeconds);
  const samples = useSamples();
  const connectionSeries = useMemo<SeriesSpec[]>(() => [{ name: t('database.connections'), value: sampleValues.dbConnections }], [t]);
  if (database.error) return <LoadErrorAlert error={database.error} onRetry={() => void database.refetch()} />;
  const data = database.data;
  if (!data) return loading;
  const unavailable = (part: MonitorDatabase['unavailable'][number]) => data.unavailable.includes(part);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {data.kind === 'pglite' && <Alert type="info" showIcon title={t('database.embedded')} />}
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('database.kind')}>{t(`database.kinds.${data.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('database.size')}>{formatFileSize(data.sizeBytes)}</Descriptions.Item>
        <Descriptions.Item label={t('database.version')} span={2}>
          <Typography.Text type="secondary">{data.version}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('database.connections')} span={2}>
          {data.connections === null ? (
            t('database.unavailable')
          ) : (
            <Space wrap>
              {data.connections.map((row) => (
                <Tag key={row.state}>{t('database.connectionState', { state: row.state, count: row.count })}</Tag>
              ))}
              {data.maxConnections !== null && <Typography.Text type="secondary">{t('database.maxConnections', { max: data.maxConnections })}</Typography.Text>}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Card
        size="small"
        title={t('database.slow')}
        extra={
          <Space>
            <span>{t('database.slowThreshold')}</span>
            <InputNumber aria-label={t('database.slowThreshold')} min={1} max={3600} value={slowSeconds} onChange={(value) => value !== null && setSlowSeconds(value)} suffix="s" />
          </Space>
        }
      >
        {unavailable('slowStatements') ? (
          <Typography.Text type="secondary">{t('database.unavailable')}</Typography.Text>
        ) : (
          <Table
            size="small"
            rowKey="pid"
            pagination={false}
            dataSource={data.slowStatements ?? []}
            locale={{ emptyText: t('database.noSlow', { seconds: slowSeconds }) }}
            columns={[
              { title: t('database.pid'), dataIndex: 'pid', width: 90 },
              { title: t('database.duration'), dataIndex: 'durationSeconds', width: 110, render: (value: number) => formatNumber(value, 1, ' s') },
              { title: t('database.state'), dataIndex: 'state', width: 140 },
              { title: t('database.user'), dataIndex: 'user', width: 120 },
              { title: t('database.statement'), dataIndex: 'query', render: (value: string) => <Typography.Text code ellipsis={{ tooltip: value }}>{value}</Typography.Text> },
            ]}
          />
        )}
      </Card>
      <Card size="small" title={t('database.statistics')}>
        {data.statementStatistics === null ? (
          <Typography.Text type="secondary">{data.kind === 'pglite' ? t('database.unavailable') : t('database.noStatistics')}</Typography.Text>
        ) : (
          <Table
            size="small"
            rowKey={(row) => row.query}
            pagination={false}
            dataSource={data.statementStatistics}
            columns={[
              { title: t('database.statement'), dataIndex: 'query', render: (value: string) => <Typography.Text code ellipsis={{ tooltip: value }}>{value}</Typography.Text> },
              { title: t('database.calls'), dataIndex: 'calls', width: 100, render: (value: number) => formatNumber(value, 0) },
              { title: t('database.mean'), dataIndex: 'meanMs', width: 120, render: (value: number) => formatNumber(value, 1, ' ms') },
              { title: t('database.total'), dataIndex: 'totalMs', width: 120, render: (value: number) => formatNumber(value / 1000, 1, ' s') },
            ]}
          />
        )}
      </Card>
      <Card size="small" title={t('database.tables')} extra={data.rowsEstimated ? <Typography.Text type="secondary">{t('database.rowsEstimated')}</Typography.Text> : null}>
        <Table
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={data.tables}
          columns={[
            { title: t('database.table'), dataIndex: 'name' },
            { title: t('database.rows'), dataIndex: 'rows', align: 'right', render: (value: number) => formatNumber(value, 0) },
            { title: t('database.bytes'), dataIndex: 'bytes', align: 'right', render: (value: number) => formatFileSize(value) },
          ]}
        />
      </Card>
      {data.kind === 'postgres' && <HistoryChart title={t('history.connections')} samples={samples} series={connectionSeries} units={['']} />}
    </Space>
  );
}

function BrokerSection() {
  const { t } = useTranslation('monitor');
  const broker = useMonitorBroker();
  const samples = useSamples();
  const trafficSeries = useMemo<SeriesSpec[]>(() => [{ name: t('broker.messagesPerSecond'), value: sampleValues.messages }, { name: t('broker.samplesPerSecond'), value: sampleValues.samples }], [t]);
  if (broker.error) return <LoadErrorAlert error={broker.error} onRetry={() => void broker.refetch()} />;
  const data = broker.data;
  if (!data) return loading;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('broker.online')} value={`${data.onlineLoggers} / ${data.registeredLoggers}`} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('broker.messagesPerSecond')} value={formatNumber(data.messagesPerSecond, 2)} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('broker.samplesPerSecond')} value={formatNumber(data.samplesPerSecond, 2)} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title={t('broker.pending')} value={formatNumber(data.ingest.pendingSamples, 0)} /></Card></Col>
      </Row>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('broker.kind')}>{data.kind === 'embedded' ? t('broker.embedded', { port: data.port ?? '' }) : t('broker.external')}</Descriptions.Item>
        <Descriptions.Item label={t('broker.since')}>{formatDateTime(data.ingest.since)}</Descriptions.Item>
        <Descriptions.Item label={t('broker.messages')}>{formatNumber(data.ingest.messages, 0)}</Descriptions.Item>
        <Descriptions.Item label={t('broker.rejected')}>{formatNumber(data.ingest.rejected, 0)}</Descriptions.Item>
        <Descriptions.Item label={t('broker.samplesReceived')}>{formatNumber(data.ingest.samplesReceived, 0)}</Descriptions.Item>
        <Descriptions.Item label={t('broker.samplesStored')}>{formatNumber(data.ingest.samplesStored, 0)}</Descriptions.Item>
      </Descriptions>
      <HistoryChart title={t('history.traffic')} samples={samples} series={trafficSeries} units={['/s']} />
    </Space>
  );
}

function RedisSection() {
  const { t } = useTranslation('monitor');
  const duration = useDuration();
  const redis = useMonitorRedis();
  if (redis.error) return <LoadErrorAlert error={redis.error} onRetry={() => void redis.refetch()} />;
  const data = redis.data;
  if (!data) return loading;
  if (!data.configured) return <Alert type="info" showIcon title={t('redis.notConfigured')} />;
  if (data.error) return <Alert type="error" showIcon title={t('redis.unreachable')} description={data.error} />;
  const value = (number: number | null, render: (value: number) => string) => (number === null ? t('redis.unknown') : render(number));
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label={t('redis.version')}>{data.version ?? t('redis.unknown')}</Descriptions.Item>
      <Descriptions.Item label={t('redis.uptime')}>{value(data.uptimeSeconds, duration)}</Descriptions.Item>
      <Descriptions.Item label={t('redis.memory')}>{value(data.usedMemoryBytes, formatFileSize)}</Descriptions.Item>
      <Descriptions.Item label={t('redis.peakMemory')}>{value(data.peakMemoryBytes, formatFileSize)}</Descriptions.Item>
      <Descriptions.Item label={t('redis.maxMemory')}>{data.maxMemoryBytes === null ? t('redis.noLimit') : formatFileSize(data.maxMemoryBytes)}</Descriptions.Item>
      <Descriptions.Item label={t('redis.clients')}>{value(data.connectedClients, (number) => t('redis.clientsValue', { connected: number, blocked: data.blockedClients ?? 0 }))}</Descriptions.Item>
      <Descriptions.Item label={t('redis.ops')}>{value(data.opsPerSecond, (number) => formatNumber(number, 0))}</Descriptions.Item>
      <Descriptions.Item label={t('redis.keys')}>{value(data.keys, (number) => formatNumber(number, 0))}</Descriptions.Item>
      <Descriptions.Item label={t('redis.hitRate')}>{value(data.hitRatePercent, (number) => formatNumber(number, 1, ' %'))}</Descriptions.Item>
    </Descriptions>
  );
}

/** System → Monitoring (administrators): this server process, the database, device traffic and Redis, with the last hour's charts. */
export default function SystemMonitorPage() {
  const { t } = useTranslation('monitor');
  return (
    <Card title={t('title')} extra={<Typography.Text type="secondary">{t('perProcess')}</Typography.Text>}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'server', label: t('tabs.server'), children: <ServerSection /> },
          { key: 'database', label: t('tabs.database'), children: <DatabaseSection /> },
          { key: 'broker', label: t('tabs.broker'), children: <BrokerSection /> },
          { key: 'redis', label: t('tabs.redis'), children: <RedisSection /> },
        ]}
      />
    </Card>
  );
}
