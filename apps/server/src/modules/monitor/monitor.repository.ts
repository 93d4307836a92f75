import type { MonitorDatabase } from '@cellsight/contract';
import type { Redis } from 'ioredis';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/database.js';
import { loggers } from '../../db/schema.js';

const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** How many of the largest tables the database section lists. */
const largestTables = 20;
/** Statement texts are cut to this length: enough to recognise one, not a whole bulk insert. */
const statementTextMax = 500;

/** What the database says about itself; PGlite (one in-process connection, no statistics collector) answers less. */
export const createMonitorRepository = (db: Database, kind: DatabaseHandle['kind']) => ({
  async version(): Promise<string> {
    const [row] = await rowsOf<{ version: string }>(db, sql`select version() as version`);
    return row?.version ?? '';
  },

  async sizeBytes(): Promise<number> {
    const [row] = await rowsOf<{ size: string | number }>(db, sql`select pg_database_size(current_database()) as size`);
    return Number(row?.size ?? 0);
  },

  /** Connections to this database by state; null on the embedded database (it has exactly one, this process). */
  async connections(): Promise<{ state: string; count: number }[] | null> {
    if (kind === 'pglite') return null;
    const rows = await rowsOf<{ state: string | null; count: string | number }>(
      db,
      sql`select coalesce(state, 'unknown') as state, count(*) as count from pg_stat_activity where datname = current_database() group by 1 order by 2 desc`,
    );
    return rows.map((row) => ({ state: row.state ?? 'unknown', count: Number(row.count) }));
  },

  async maxConnections(): Promise<number | null> {
    if (kind === 'pglite') return null;
    const [row] = await rowsOf<{ max: string }>(db, sql`select current_setting('max_connections') as max`);
    return row ? Number(row.max) : null;
  },

  /** Statements of other sessions running longer than `seconds`, longest first. */
  async slowStatements(seconds: number): Promise<{ pid: number; durationSeconds: number; state: string; user: string | null; query: string }[] | null> {
    if (kind === 'pglite') return null;
    const rows = await rowsOf<{ pid: number; duration: string | number; state: string | null; usename: string | null; query: string | null }>(
      db,
      sql`select pid, extract(epoch from now() - query_start) as duration, state, usename, left(query, ${statementTextMax}) as query
          from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' and query_start < now() - make_interval(secs => ${seconds})
          order by query_start limit 50`,
    );
    return rows.map((row) => ({ pid: row.pid, durationSeconds: Math.round(Number(row.duration) * 10) / 10, state: row.state ?? 'unknown', user: row.usename, query: row.query ?? '' }));
  },

  /** The slowest statements on average, when the pg_stat_statements extension is installed in this database. */
  async statementStatistics(): Promise<{ query: string; calls: number; meanMs: number; totalMs: number }[] | null> {
    if (kind === 'pglite') return null;
    const [installed] = await rowsOf<{ present: boolean }>(db, sql`select exists (select 1 from pg_extension where extname = 'pg_stat_statements') as present`);
    if (!installed?.present) return null;
    try {
      const rows = await rowsOf<{ query: string; calls: string | number; mean: number; total: number }>(
        db,
        sql`select left(query, ${statementTextMax}) as query, calls, mean_exec_time as mean, total_exec_time as total
            from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
            order by mean_exec_time desc limit 10`,
      );
      return rows.map((row) => ({ query: row.query, calls: Number(row.calls), meanMs: Number(row.mean), totalMs: Number(row.total) }));
    } catch {
      // Installed but not preloaded (shared_preload_libraries): the view cannot be read.
      return null;
    }
  },

  /**
   * The largest tables with their bytes (indexes and TOAST included; a partitioned table adds up its
   * partitions) and rows: the planner's estimate on a server, an exact count on the embedded
   * database, which keeps no statistics and is small enough to count.
   */
  async tables(): Promise<{ tables: { name: string; rows: number; bytes: number }[]; rowsEstimated: boolean }> {
    const rows = await rowsOf<{ name: string; bytes: string | number; estimate: string | number | null; live: string | number | null }>(
      db,
      sql`select c.relname as name,
                 case when c.relkind = 'p' then (select coalesce(sum(pg_total_relation_size(t.relid)), 0) from pg_partition_tree(c.oid) t)
                      else pg_total_relation_size(c.oid) end as bytes,
                 case when c.relkind = 'p' then (select coalesce(sum(greatest(p.reltuples, 0)), 0) from pg_partition_tree(c.oid) t join pg_class p on p.oid = t.relid where p.relkind = 'r')
                      else c.reltuples end as estimate,
                 s.n_live_tup as live
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          left join pg_stat_user_tables s on s.relid = c.oid
          where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = current_schema()
          order by bytes desc, c.relname limit ${largestTables}`,
    );
    if (kind === 'pglite') {
      const counted = [];
      for (const row of rows) {
        const [counting] = await rowsOf<{ rows: string | number }>(db, sql`select count(*) as rows from ${sql.identifier(row.name)}`);
        counted.push({ name: row.name, rows: Number(counting?.rows ?? 0), bytes: Number(row.bytes) });
      }
      return { tables: counted, rowsEstimated: false };
    }
    return {
      // reltuples is -1 until the table was first analysed; the statistics collector's live count stands in.
      tables: rows.map((row) => ({ name: row.name, rows: Math.max(Number(row.estimate ?? -1), Number(row.live ?? 0), 0), bytes: Number(row.bytes) })),
      rowsEstimated: true,
    };
  },

  async loggerCounts(): Promise<{ online: number; registered: number }> {
    const [all] = await db.select({ value: count() }).from(loggers);
    const [online] = await db.select({ value: count() }).from(loggers).where(eq(loggers.online, true));
    return { online: Number(online?.value ?? 0), registered: Number(all?.value ?? 0) };
  },
});

export type MonitorRepository = ReturnType<typeof createMonitorRepository>;
export type DatabaseFacts = Omit<MonitorDatabase, 'kind'>;

/** Redis INFO through one lazily opened connection; each call answers the parsed sections or throws. */
export const createRedisInfo = (url: string) => {
  let client: Redis | null = null;
  // No retries in the background: a Redis that is down is reported as such at the next look.
  const open = async () => {
    const { Redis: RedisClient } = await import('ioredis');
    const opened = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 3000, retryStrategy: () => null });
    opened.on('error', () => undefined);
    return opened;
  };
  return {
    async read(): Promise<Record<string, string>> {
      if (!client || client.status === 'end') client = await open();
      if (client.status === 'wait') await client.connect();
      const text = await client.info();
      const fields: Record<string, string> = {};
      for (const line of text.split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0 && !line.startsWith('#')) fields[line.slice(0, at)] = line.slice(at + 1);
      }
      return fields;
    },
    async close(): Promise<void> {
      const open = client;
      client = null;
      if (open && open.status !== 'end') open.disconnect();
    },
  };
};
export type RedisInfo = ReturnType<typeof createRedisInfo>;
