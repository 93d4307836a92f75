import type { MonitorBroker, MonitorDatabase, MonitorHistory, MonitorRedis, MonitorServer } from '@cellsight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import SystemMonitorPage from './system-monitor-page';

// jsdom has no canvas: the chart shows the series it was given instead of drawing them.
vi.mock('@/components/e-chart', () => ({
  EChart: ({ option, label }: { option: { series: { name: string; data: unknown[] }[] }; label: string }) => (
    <div role="img" aria-label={label}>
      {option.series.map((series) => `${series.name}: ${JSON.stringify(series.data)}`).join(' | ')}
    </div>
  ),
}));

const server: MonitorServer = {
  productVersion: '0.1.0',
  nodeVersion: 'v20.20.2',
  pid: 4242,
  hostname: 'console-1',
  platform: 'linux x64',
  startTime: '2026-11-25T00:00:00.000Z',
  uptimeSeconds: 93_784,
  memory: { rss: 150 * 1024 * 1024, heapUsed: 60 * 1024 * 1024, heapTotal: 80 * 1024 * 1024, external: 1024, systemTotal: 24 * 1024 ** 3, systemFree: 8 * 1024 ** 3 },
  cpuPercent: 12.5,
  loadAverage: [0.5, 0.4, 0.3],
  cpuCount: 2,
  eventLoop: { meanMs: 10.2, p50Ms: 10.1, p99Ms: 14.7, maxMs: 30 },
  requestsPerSecond: 3.25,
};
const sample = (time: string, rssMb: number) => ({
  time,
  rssBytes: rssMb * 1024 * 1024,
  heapUsedBytes: 50 * 1024 * 1024,
  eventLoopP99Ms: 12,
  cpuPercent: 8,
  requestsPerSecond: 2,
  messagesPerSecond: 4.5,
  samplesPerSecond: 9,
  dbConnections: null,
});
const history: MonitorHistory = { intervalMs: 10_000, samples: [sample('2026-11-25T01:00:00.000Z', 140), sample('2026-11-25T01:00:10.000Z', 150)] };
const database: MonitorDatabase = {
  kind: 'pglite',
  version: 'PostgreSQL 18.6 (PGlite)',
  sizeBytes: 12 * 1024 * 1024,
  connections: null,
  maxConnections: null,
  slowStatements: null,
  statementStatistics: null,
  tables: [
    { name: 'tb_sample', rows: 120_000, bytes: 8 * 1024 * 1024 },
    { name: 'sys_user', rows: 7, bytes: 64 * 1024 },
  ],
  rowsEstimated: false,
  unavailable: ['connections', 'slowStatements', 'statementStatistics'],
};
const broker: MonitorBroker = {
  kind: 'embedded',
  port: 1883,
  onlineLoggers: 3,
  registeredLoggers: 5,
  messagesPerSecond: 4.5,
  samplesPerSecond: 9,
  ingest: { since: '2026-11-25T00:00:00.000Z', messages: 1200, samplesReceived: 2400, samplesStored: 2390, rejected: 4, pendingSamples: 10 },
};
const redis: MonitorRedis = {
  configured: true,
  error: null,
  version: '7.2.4',
  uptimeSeconds: 3600,
  usedMemoryBytes: 2 * 1024 * 1024,
  peakMemoryBytes: 3 * 1024 * 1024,
  maxMemoryBytes: null,
  connectedClients: 4,
  blockedClients: 0,
  opsPerSecond: 17,
  keys: 42,
  hitRatePercent: 97.5,
};

describe('system monitoring page', () => {
  const slowThresholds: string[] = [];
  mockServer(
    http.get('/boot/sys/monitor/server', () => HttpResponse.json(envelope(server))),
    http.get('/boot/sys/monitor/history', () => HttpResponse.json(envelope(history))),
    http.get('/boot/sys/monitor/database', ({ request }) => {
      slowThresholds.push(new URL(request.url).searchParams.get('slowSeconds') ?? '');
      return HttpResponse.json(envelope(database));
    }),
    http.get('/boot/sys/monitor/broker', () => HttpResponse.json(envelope(broker))),
    http.get('/boot/sys/monitor/redis', () => HttpResponse.json(envelope(redis))),
  );

  it('shows the server process with its versions, uptime and the last hour of memory', async () => {
    renderWithProviders(<SystemMonitorPage />);
    expect(await screen.findByText('PID 4242 on console-1')).toBeInTheDocument();
    expect(screen.getByText('v20.20.2')).toBeInTheDocument();
    expect(screen.getByText('1 d 2 h 3 min')).toBeInTheDocument();
    expect(screen.getByText('150.0 MB')).toBeInTheDocument();
    const memory = await screen.findByRole('img', { name: 'Memory (last hour)' });
    expect(memory).toHaveTextContent('Resident memory: [["2026-11-25T01:00:00.000Z",140],["2026-11-25T01:00:10.000Z",150]]');
  });

  it('lists the largest tables and says what the embedded database cannot tell', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SystemMonitorPage />);
    await user.click(await screen.findByRole('tab', { name: 'Database' }));
    expect(await screen.findByText(/keeps no activity statistics/)).toBeInTheDocument();
    const rows = within(screen.getByText('Largest tables').closest('.ant-card') as HTMLElement).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/tb_sample\s*120,000\s*8\.0 MB/);
    expect(rows[2]).toHaveTextContent(/sys_user\s*7\s*64\.0 KB/);
    expect(screen.getAllByText('Not available on the embedded database').length).toBeGreaterThanOrEqual(2);
    expect(slowThresholds).toContain('5');
  });

  it('shows loggers online and the device traffic chart', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SystemMonitorPage />);
    await user.click(await screen.findByRole('tab', { name: 'Broker and ingestion' }));
    expect(await screen.findByText('3 / 5')).toBeInTheDocument();
    expect(screen.getByText('Embedded, port 1883')).toBeInTheDocument();
    expect(screen.getByText('2,390')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Device messages and samples per second (last hour)' })).toHaveTextContent('Messages per second: [["2026-11-25T01:00:00.000Z",4.5]');
  });

  it('shows Redis memory, clients and operations', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SystemMonitorPage />);
    await user.click(await screen.findByRole('tab', { name: 'Redis' }));
    expect(await screen.findByText('4 connected, 0 blocked')).toBeInTheDocument();
    expect(screen.getByText('2.0 MB')).toBeInTheDocument();
    expect(screen.getByText('97.5 %')).toBeInTheDocument();
    expect(screen.getByText('No limit')).toBeInTheDocument();
  });
});
