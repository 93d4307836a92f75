import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { text } from './text.js';

/**
 * System monitoring (System → Monitoring, administrators): the server process, the database, the
 * device broker and ingestion, Redis where configured, and the last hour of samples.
 */

/** How long the sampler keeps samples, and how often it takes one. */
export const monitorSampleIntervalMs = 10_000;
export const monitorHistoryMs = 3600_000;

/** `GET /sys/monitor/server`: this server process. */
export const monitorServerSchema = z.object({
  productVersion: text(),
  nodeVersion: text(),
  pid: z.number().int(),
  hostname: text(),
  platform: text(),
  startTime: text(),
  uptimeSeconds: z.number(),
  memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number(), external: z.number(), systemTotal: z.number(), systemFree: z.number() }),
  /** Share of one core used since the previous sample (0–100 per core: above 100 with worker threads). */
  cpuPercent: z.number(),
  loadAverage: z.array(z.number()),
  cpuCount: z.number().int(),
  /** Event-loop delay in milliseconds since the previous sample. */
  eventLoop: z.object({ meanMs: z.number(), p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  /** HTTP requests answered per second over the last sample. */
  requestsPerSecond: z.number(),
});
export type MonitorServer = z.infer<typeof monitorServerSchema>;

export const monitorDatabaseQuerySchema = z
  .object({
    /** A statement running longer than this many seconds counts as slow. */
    slowSeconds: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(3600, 'must be at most 3600').default(5),
    _t: text().optional(),
  })
  .strict();
export type MonitorDatabaseQuery = z.infer<typeof monitorDatabaseQuerySchema>;

/** What the embedded database cannot tell (it runs in this process, with one connection and no statistics collector). */
export const monitorUnavailable = ['connections', 'slowStatements', 'statementStatistics'] as const;

export const monitorDatabaseSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  version: text(),
  sizeBytes: z.number(),
  /** Connections to this database by state (`active`, `idle`, `idle in transaction`…); null where unavailable. */
  connections: z.array(z.object({ state: text(), count: z.number().int() })).nullable(),
  maxConnections: z.number().int().nullable(),
  /** Statements running longer than the threshold, longest first; null where unavailable. */
  slowStatements: z.array(z.object({ pid: z.number().int(), durationSeconds: z.number(), state: text(), user: text().nullable(), query: text() })).nullable(),
  /** The slowest statements on average (pg_stat_statements); null without the extension. */
  statementStatistics: z.array(z.object({ query: text(), calls: z.number(), meanMs: z.number(), totalMs: z.number() })).nullable(),
  /** The largest tables: rows (exact on the embedded database, the planner's estimate on a server) and bytes with indexes. */
  tables: z.array(z.object({ name: text(), rows: z.number(), bytes: z.number() })),
  rowsEstimated: z.boolean(),
  /** Parts the database could not answer. */
  unavailable: z.array(z.enum(monitorUnavailable)),
});
export type MonitorDatabase = z.infer<typeof monitorDatabaseSchema>;

/** `GET /sys/monitor/broker`: device traffic through this server process. */
export const monitorBrokerSchema = z.object({
  kind: z.enum(['embedded', 'external']),
  /** The embedded broker's port (null with an external one). */
  port: z.number().int().nullable(),
  /** Loggers the registry counts online, and all registered loggers. */
  onlineLoggers: z.number().int(),
  registeredLoggers: z.number().int(),
  messagesPerSecond: z.number(),
  samplesPerSecond: z.number(),
  ingest: z.object({
    since: text(),
    messages: z.number().int(),
    samplesReceived: z.number().int(),
    samplesStored: z.number().int(),
    rejected: z.number().int(),
    pendingSamples: z.number().int(),
  }),
});
export type MonitorBroker = z.infer<typeof monitorBrokerSchema>;

/** `GET /sys/monitor/redis`: INFO of the configured Redis; `configured: false` without REDIS_URL. */
export const monitorRedisSchema = z.object({
  configured: z.boolean(),
  /** Why it could not be read (unreachable, refused the credentials). */
  error: text().nullable(),
  version: text().nullable(),
  uptimeSeconds: z.number().nullable(),
  usedMemoryBytes: z.number().nullable(),
  peakMemoryBytes: z.number().nullable(),
  maxMemoryBytes: z.number().nullable(),
  connectedClients: z.number().nullable(),
  blockedClients: z.number().nullable(),
  opsPerSecond: z.number().nullable(),
  keys: z.number().nullable(),
  hitRatePercent: z.number().nullable(),
});
export type MonitorRedis = z.infer<typeof monitorRedisSchema>;

/** One sample of the sampler (every 10 s, the last hour, per server process). */
export const monitorSampleSchema = z.object({
  time: text(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  eventLoopP99Ms: z.number(),
  cpuPercent: z.number(),
  requestsPerSecond: z.number(),
  messagesPerSecond: z.number(),
  samplesPerSecond: z.number(),
  /** Database connections of this database (null on the embedded one). */
  dbConnections: z.number().nullable(),
});
export type MonitorSample = z.infer<typeof monitorSampleSchema>;

export const monitorHistorySchema = z.object({ intervalMs: z.number().int(), samples: z.array(monitorSampleSchema) });
export type MonitorHistory = z.infer<typeof monitorHistorySchema>;

/** System monitoring (administrators): this server process, the database, the broker and ingestion, Redis, and the last hour. */
export const monitorEndpoints = {
  server: defineEndpoint({ method: 'GET', path: '/sys/monitor/server', result: monitorServerSchema }),
  database: defineEndpoint({ method: 'GET', path: '/sys/monitor/database', query: monitorDatabaseQuerySchema, result: monitorDatabaseSchema }),
  broker: defineEndpoint({ method: 'GET', path: '/sys/monitor/broker', result: monitorBrokerSchema }),
  redis: defineEndpoint({ method: 'GET', path: '/sys/monitor/redis', result: monitorRedisSchema }),
  history: defineEndpoint({ method: 'GET', path: '/sys/monitor/history', result: monitorHistorySchema }),
};
