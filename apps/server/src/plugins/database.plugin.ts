import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { type BulkTransaction, type Database, type DatabaseHandle, openDatabase } from '../db/database.js';
import { seedDatabase } from '../db/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    /** For bulk writes only (binary COPY); everything else goes through `db`. */
    bulkTransaction: BulkTransaction;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
}

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR), migrates, and seeds a first start. */
export default fp<DatabasePluginOptions>(
  async (app, { config, database }) => {
    const handle =
      database ??
      (await openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl, onError: (error) => app.log.warn(`lost a PostgreSQL connection (${error.message}); it will be reopened`) }
          : { kind: 'pglite', dataDir: config.dataDir },
      ));
    if (!database) app.addHook('onClose', () => handle.close());
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('bulkTransaction', handle.bulkTransaction);
    await seedDatabase(handle.db, config, app.log);
  },
  { name: 'database' },
);
