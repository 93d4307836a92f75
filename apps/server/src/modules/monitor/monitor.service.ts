import type { MonitorBroker, MonitorDatabase, MonitorDatabaseQuery, MonitorRedis } from '@cellsight/contract';
import type { IngestStats } from '@cellsight/contract';
import type { MonitorRepository, RedisInfo } from './monitor.repository.js';

const numberOr = (value: string | undefined): number | null => {
  if (value === undefined || value === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

export interface MonitorServiceDeps {
  repository: MonitorRepository;
  kind: 'pglite' | 'postgres';
  redis: RedisInfo | null;
  broker: { kind: 'embedded' | 'external'; port: () => number | null; ingest: () => IngestStats; rates: () => { messagesPerSecond: number; samplesPerSecond: number } };
}

/** The monitoring sections that read the database, the device plane and Redis. */
export const createMonitorService = ({ repository, kind, redis, broker }: MonitorServiceDeps) => ({
  async database(query: MonitorDatabaseQuery): Promise<MonitorDatabase> {
    const [version, sizeBytes, connections, maxConnections, slowStatements, statementStatistics, tables] = await Promise.all([
      repository.version(),
      repository.sizeBytes(),
      repository.connections(),
      repository.maxConnections(),
      repository.slowStatements(query.slowSeconds),
      repository.statementStatistics(),
      repository.tables(),
    ]);
    const unavailable: MonitorDatabase['unavailable'] = [];
    if (connections === null) unavailable.push('connections');
    if (slowStatements === null) unavailable.push('slowStatements');
    if (statementStatistics === null) unavailable.push('statementStatistics');
    return { kind, version, sizeBytes, connections, maxConnections, slowStatements, statementStatistics, ...tables, unavailable };
  },

  async broker(): Promise<MonitorBroker> {
    const stats = broker.ingest();
    const loggers = await repository.loggerCounts();
    return {
      kind: broker.kind,
      port: broker.port(),
      onlineLoggers: loggers.online,
      registeredLoggers: loggers.registered,
      ...broker.rates(),
      ingest: {
        since: stats.since,
        messages: stats.messages,
        samplesReceived: stats.samplesReceived,
        samplesStored: stats.samplesStored,
        rejected: Object.values(stats.rejected).reduce((sum, value) => sum + value, 0),
        pendingSamples: stats.pendingSamples,
      },
    };
  },

  async redis(): Promise<MonitorRedis> {
    const empty = { error: null, version: null, uptimeSeconds: null, usedMemoryBytes: null, peakMemoryBytes: null, maxMemoryBytes: null, connectedClients: null, blockedClients: null, opsPerSecond: null, keys: null, hitRatePercent: null };
    if (!redis) return { configured: false, ...empty };
    let info: Record<string, string>;
    try {
      info = await redis.read();
    } catch (error) {
      return { configured: true, ...empty, error: error instanceof Error ? error.message : String(error) };
    }
    // `db0:keys=12,expires=0,avg_ttl=0` per database.
    const keys = Object.entries(info)
      .filter(([name]) => /^db\d+$/.test(name))
      .reduce((sum, [, value]) => sum + Number(/keys=(\d+)/.exec(value)?.[1] ?? 0), 0);
    const hits = numberOr(info.keyspace_hits) ?? 0;
    const misses = numberOr(info.keyspace_misses) ?? 0;
    const maxMemory = numberOr(info.maxmemory);
    return {
      configured: true,
      error: null,
      version: info.redis_version ?? info.valkey_version ?? null,
      uptimeSeconds: numberOr(info.uptime_in_seconds),
      usedMemoryBytes: numberOr(info.used_memory),
      peakMemoryBytes: numberOr(info.used_memory_peak),
      // 0 means "no limit".
      maxMemoryBytes: maxMemory ? maxMemory : null,
      connectedClients: numberOr(info.connected_clients),
      blockedClients: numberOr(info.blocked_clients),
      opsPerSecond: numberOr(info.instantaneous_ops_per_sec),
      keys,
      hitRatePercent: hits + misses > 0 ? Math.round((hits / (hits + misses)) * 1000) / 10 : null,
    };
  },
});

export type MonitorService = ReturnType<typeof createMonitorService>;
