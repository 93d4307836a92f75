import { timingSafeEqual } from 'node:crypto';
import type { IngestStats, Readiness, ReadinessState } from '@cellsight/contract';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FieldError } from '../../lib/errors.js';
import { withTimeout } from '../../lib/with-timeout.js';
import type { OpsRepository, RedisPing } from './ops.repository.js';

/** Each dependency must answer a readiness probe within this time (load balancers probe every few seconds). */
export const probeTimeoutMs = 2000;

export interface ReadinessDeps {
  repository: OpsRepository;
  /** Resolves when the broker carrying device traffic is reachable; rejects with why not. */
  broker: () => Promise<void>;
  redis: RedisPing | null;
}

/** The answer of one readiness check: each dependency's state, and the ones that are down with the reason. */
export interface ReadinessCheck {
  states: Readiness;
  down: FieldError[];
}

/** Database, broker and Redis, probed at once; each failure named with its reason. */
export const createReadiness = ({ repository, broker, redis }: ReadinessDeps) => ({
  async check(): Promise<ReadinessCheck> {
    const probes: [keyof Readiness, (() => Promise<void>) | null][] = [
      ['database', () => repository.ping()],
      ['broker', broker],
      ['redis', redis ? () => redis.ping(probeTimeoutMs) : null],
    ];
    const outcomes = await Promise.all(
      probes.map(async ([name, probe]): Promise<[keyof Readiness, ReadinessState, string | null]> => {
        if (!probe) return [name, 'off', null];
        try {
          await withTimeout(probe(), probeTimeoutMs, name);
          return [name, 'up', null];
        } catch (error) {
          return [name, 'down', error instanceof Error ? error.message : String(error)];
        }
      }),
    );
    const states = Object.fromEntries(outcomes.map(([name, state]) => [name, state])) as Readiness;
    const down = outcomes.filter(([, state]) => state === 'down').map(([field, , message]) => ({ field, message: message || 'unreachable' }));
    return { states, down };
  },
});

export type ReadinessService = ReturnType<typeof createReadiness>;

/** A caller on this machine: IPv4 loopback (also as an IPv4-mapped IPv6 address) or ::1. */
export const isLoopback = (address: string | undefined): boolean => !!address && (/^(::ffff:)?127\./.test(address) || address === '::1');

/**
 * Headers that say a request was relayed: by a proxy (the forwarding headers) or by this platform
 * itself (`Via`, which its outbound client always sends: lib/outbound-http.ts). A relayed request
 * from loopback is not a caller on this machine.
 */
const relayHeaders = ['via', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'] as const;
export const isRelayed = (headers: Record<string, string | string[] | undefined>): boolean => relayHeaders.some((name) => headers[name] !== undefined);

/** `Authorization: Bearer <token>` equals the configured token (compared in constant time). */
export const bearerMatches = (header: string | undefined, token: string): boolean => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

export interface MetricsSources {
  repository: OpsRepository;
  /** The ingest counters of the device plane (read at each scrape). */
  ingest: () => IngestStats;
  /** Open websocket connections (live events and the editable grid's socket). */
  websocketClients: () => number;
  /** This process as the job scheduler names it in the run table. */
  processName: string;
  onError: (error: unknown, what: string) => void;
}

/**
 * The Prometheus registry of one app: the process (prom-client's defaults), HTTP requests by route
 * pattern, ingestion, websocket clients, the database pool, the outbox and scheduled jobs. Gauges
 * and counters that mirror state elsewhere are read when scraped, so nothing runs between scrapes.
 */
export const createMetrics = (sources: MetricsSources) => {
  const registry = new Registry();
  const httpRequests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status code', labelNames: ['method', 'route', 'status_code'], registers: [registry] });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  /** A counter whose value is kept elsewhere: set from its source at each scrape. */
  const mirroredCounter = (name: string, help: string, read: (stats: IngestStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read(sources.ingest()));
      },
    });
  mirroredCounter('cellsight_ingest_messages_total', 'Device messages received since the process started', (stats) => stats.messages);
  mirroredCounter('cellsight_ingest_samples_received_total', 'Battery samples received in telemetry since the process started', (stats) => stats.samplesReceived);
  mirroredCounter('cellsight_ingest_samples_stored_total', 'Battery samples newly stored since the process started (repeats are stored once)', (stats) => stats.samplesStored);
  new Counter({
    name: 'cellsight_ingest_refused_total',
    help: 'Device messages refused since the process started, by reason',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, value] of Object.entries(sources.ingest().rejected)) this.inc({ reason }, value);
    },
  });
  new Gauge({
    name: 'cellsight_ingest_queue_samples',
    help: 'Samples waiting for their database batch (the broker is paused above INGEST_MAX_PENDING)',
    registers: [registry],
    collect() {
      this.set(sources.ingest().pendingSamples);
    },
  });
  new Gauge({
    name: 'cellsight_websocket_clients',
    help: 'Open websocket connections to this process',
    registers: [registry],
    collect() {
      this.set(sources.websocketClients());
    },
  });
  new Gauge({
    name: 'cellsight_db_pool_connections',
    help: 'Database connections of this process by state: total, idle, and requests waiting for one (the embedded database has one connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.repository.poolStats();
      this.set({ state: 'total' }, pool.total);
      if (pool.idle !== null) this.set({ state: 'idle' }, pool.idle);
      if (pool.waiting !== null) this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'cellsight_outbox_messages',
    help: 'Mail and texts not delivered, by status (kept: no SMTP or SMS gateway; failed)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await sources.repository.outboxWaiting()) this.set({ status: row.status }, row.count);
      } catch (error) {
        sources.onError(error, 'outbox');
      }
    },
  });
  new Gauge({
    name: 'cellsight_job_runs_last_hour',
    help: 'Scheduled-job runs this process started in the last hour, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await sources.repository.recentJobRuns(sources.processName)) this.set({ outcome: row.outcome }, row.count);
      } catch (error) {
        sources.onError(error, 'job runs');
      }
    },
  });

  // prom-client's process metrics start their own event-loop monitor: only once someone scrapes.
  let defaultsCollected = false;

  return {
    contentType: registry.contentType,
    observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
      const labels = { method, route, status_code: String(statusCode) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    async text(): Promise<string> {
      if (!defaultsCollected) {
        collectDefaultMetrics({ register: registry });
        defaultsCollected = true;
      }
      return registry.metrics();
    },
  };
};
export type Metrics = ReturnType<typeof createMetrics>;
