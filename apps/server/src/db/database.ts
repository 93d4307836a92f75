import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { finished } from 'node:stream/promises';
import { serverPath } from '../paths.js';
import { type EmbeddedDatabaseOptions, type PgliteClient, startEmbeddedDatabase } from './embedded-database.js';
import { PgliteThread } from './pglite-thread.js';
import { EmbeddedReportDatabase } from './report-snapshot.js';
import * as schema from './schema.js';

/** The same drizzle API over PGlite (embedded) or node-postgres (a PostgreSQL server). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * One connection inside one transaction, for bulk writes that drizzle cannot express: binary COPY
 * and plain statements on the same connection (temporary tables are per connection).
 */
export interface BulkSession {
  /** The connection's identity, so per-connection setup (a temporary table) runs once. */
  connection: object;
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** The rows with the result's columns (name and type oid): what an online report answers. */
  queryWithFields(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] }>;
  /** Binary COPY into `target`, a table with its column list: `stage (a, b, c)`. */
  copyBinary(target: string, data: Buffer): Promise<void>;
}

/** Runs `work` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
export type BulkTransaction = <T>(work: (session: BulkSession) => Promise<T>) => Promise<T>;

/**
 * One step of a bulk script: a statement, a binary COPY into `copy` (a table with its column list),
 * or setup that each connection needs once (`once`: a temporary table), skipped where it was done.
 */
export type BulkStep = { query: string; params?: unknown[] } | { copy: string; data: Buffer } | { once: string };

/**
 * Runs the steps in one transaction on one connection and answers the rows of the last statement.
 * What bulkTransaction does, given all at once: on the embedded database in its own thread the
 * whole transaction then runs there without waiting for this thread between its statements.
 */
export type BulkScript = (steps: BulkStep[]) => Promise<Record<string, unknown>[]>;

/** What a report's statements run on: one connection inside one transaction. */
export type ReportSession = Pick<BulkSession, 'query' | 'queryWithFields'>;

/**
 * Where online reports run (report-sandbox.repository.ts). On a PostgreSQL server the platform's
 * own database, whose statement_timeout ends a statement. On the embedded database a copy of it in
 * a thread of its own, ended when a statement overruns (report-snapshot.ts): PGlite cannot stop a
 * running statement, and while one runs it answers nobody else.
 */
export interface ReportDatabase {
  /**
   * Runs `work` in a transaction (committed when it resolves, rolled back when it throws) in which
   * a statement that runs longer than `timeoutMs` is ended with PostgreSQL's own answer to that:
   * SQLSTATE 57014, "canceling statement due to statement timeout".
   */
  transaction<T>(timeoutMs: number, work: (session: ReportSession) => Promise<T>): Promise<T>;
  /**
   * The platform's database itself when reports run on a copy of it (the embedded database), else
   * null: what must hold there at the moment of the report is checked there too.
   */
  platform: BulkTransaction | null;
  close(): Promise<void>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  bulkTransaction: BulkTransaction;
  bulkScript: BulkScript;
  reports: ReportDatabase;
  close(): Promise<void>;
  /** An in-memory PGlite's whole data folder, to open copies of it (`from`): the migrated templates of the build and the tests. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
}

const migrationsFolder = serverPath('drizzle');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; onError?: (error: Error) => void }
  /** `started`: the embedded database already starting on this data folder (server.ts starts it early). */
  | ({ kind: 'pglite'; dataDir: string | null; started?: Promise<PgliteClient> } & EmbeddedDatabaseOptions);

/** Opens the database and applies the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection that the server drops (restart, network cut) emits 'error' on the pool;
    // unhandled, that would end the process. The next query simply opens a new connection.
    pool.on('error', (error) => target.onError?.(error));
    // A client checked out between two queries of a transaction reports the loss on itself.
    pool.on('connect', (client) => client.on('error', (error) => target.onError?.(error)));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder });
    const bulkTransaction = postgresBulkTransaction(pool);
    return { db, kind: 'postgres', bulkTransaction, bulkScript: scriptThrough(bulkTransaction), reports: postgresReports(bulkTransaction), close: () => pool.end() };
  }
  const client = await (target.started ?? startEmbeddedDatabase(target.dataDir, target));
  await client.waitReady;
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  const bulkTransaction = pgliteBulkTransaction(client);
  const bulkScript = client instanceof PgliteThread ? (steps: BulkStep[]) => client.script(steps) : scriptThrough(bulkTransaction);
  const reports = new EmbeddedReportDatabase(client, bulkTransaction, target.dataDir);
  const close = async () => {
    await reports.close();
    await client.close();
  };
  return { db, kind: 'pglite', bulkTransaction, bulkScript, reports, close, dump: (compression = 'none') => client.dumpDataDir(compression) };
}

/** Reports on a PostgreSQL server: the platform's database, its statement_timeout ending a statement. */
const postgresReports = (transaction: BulkTransaction): ReportDatabase => ({
  transaction: (timeoutMs, work) =>
    transaction(async (session) => {
      // SET takes no parameters: an integer the server made, never a caller's text.
      await session.query(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
      return work(session);
    }),
  platform: null,
  close: async () => undefined,
});

/** A bulk script run step by step through a bulk transaction. */
const scriptThrough = (transaction: BulkTransaction): BulkScript => {
  const setUp = new WeakMap<object, Set<string>>();
  return async (steps) => {
    const done: [object, string][] = [];
    const rows = await transaction(async (session) => {
      let last: Record<string, unknown>[] = [];
      for (const step of steps) {
        if ('once' in step) {
          if (setUp.get(session.connection)?.has(step.once)) continue;
          await session.query(step.once);
          done.push([session.connection, step.once]);
        } else if ('copy' in step) {
          await session.copyBinary(step.copy, step.data);
        } else {
          last = await session.query(step.query, step.params);
        }
      }
      return last;
    });
    // Only once committed: a rolled-back transaction takes its CREATE TABLE with it.
    for (const [connection, text] of done) setUp.set(connection, (setUp.get(connection) ?? new Set()).add(text));
    return rows;
  };
};

const postgresBulkTransaction =
  (pool: pg.Pool): BulkTransaction =>
  async (work) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const result = await work({
        connection: client,
        query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
        queryWithFields: async (text, params) => {
          const result = await client.query(text, params);
          return { rows: result.rows as Record<string, unknown>[], fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
        },
        copyBinary: async (target, data) => {
          const stream = client.query(copyFromStdin(`copy ${target} from stdin (format binary)`));
          stream.end(data);
          await finished(stream);
        },
      });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      // A connection that could not even roll back is discarded rather than returned to the pool.
      client.release(broken);
    }
  };

const pgliteBulkTransaction =
  (client: PgliteClient): BulkTransaction =>
  (work) =>
    client.transaction((tx) =>
      work({
        connection: client,
        query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
        queryWithFields: async (text, params) => {
          const result = await tx.query<Record<string, unknown>>(text, params);
          return { rows: result.rows, fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
        },
        // PGlite reads COPY data from a blob attached to the statement.
        copyBinary: async (target, data) => {
          await tx.query(`copy ${target} from '/dev/blob' (format binary)`, [], { blob: new Blob([data]) });
        },
      }),
    );
