import fp from 'fastify-plugin';
import pg from 'pg';
import type { Config } from '../config.js';
import { type BulkScript, type BulkTransaction, type Database, type DatabaseHandle, type ReportDatabase, openDatabase } from '../db/database.js';
import type { PgliteClient } from '../db/embedded-database.js';
import { type ModuleSeed, seedDatabase } from '../db/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    /** For bulk writes only (binary COPY); everything else goes through `db`. */
    bulkTransaction: BulkTransaction;
    bulkScript: BulkScript;
    /** Where online reports run (report-sandbox.repository.ts): on the embedded database a copy of it, stopped at a report's timeout. */
    reportDatabase: ReportDatabase;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** The embedded database already starting on the config's data folder (server.ts starts it early). */
  embeddedDatabase?: Promise<PgliteClient>;
  /** The modules' own seed rows (app.ts lists them), put in place in the same transaction as the rest. */
  seeds?: readonly ModuleSeed[];
}

/** Any number, the same in every process: the lock that lets one process at a time migrate and seed. */
const startLockKey = 7_201_312;

/**
 * Several processes starting at once on one PostgreSQL database (a compose file, a fleet restart)
 * migrate and seed one after the other, not into each other's unique keys: a session-level advisory
 * lock on a connection of its own, released when that connection ends.
 */
async function oneAtATime<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [startLockKey]);
    return await work();
  } finally {
    await lock.end();
  }
}

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR), migrates, and seeds a first start. */
export default fp<DatabasePluginOptions>(
  async (app, { config, database, embeddedDatabase, seeds }) => {
    const start = async () => {
      const handle =
        database ??
        (await openDatabase(
          config.databaseUrl
            ? { kind: 'postgres', url: config.databaseUrl, onError: (error) => app.log.warn(`lost a PostgreSQL connection (${error.message}); it will be reopened`) }
            : { kind: 'pglite', dataDir: config.dataDir, ...(embeddedDatabase ? { started: embeddedDatabase } : {}) },
        ));
      await seedDatabase(handle.db, config, app.log, seeds);
      return handle;
    };
    const handle = config.databaseUrl && !database ? await oneAtATime(config.databaseUrl, start) : await start();
    if (!database) app.addHook('onClose', () => handle.close());
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('bulkTransaction', handle.bulkTransaction);
    app.decorate('bulkScript', handle.bulkScript);
    app.decorate('reportDatabase', handle.reports);
  },
  { name: 'database' },
);
