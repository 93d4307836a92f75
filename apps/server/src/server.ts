import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { startEmbeddedDatabase } from './db/embedded-database.js';

/**
 * Process entry: one process serves the API under /boot and the web app at /. Only the settings and
 * the embedded database's thread load first: the database starts on the other core while the rest
 * of the server loads here (in the build, app.js is a chunk of its own, read at that point).
 */
async function main(): Promise<void> {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const embeddedDatabase = config.databaseUrl ? undefined : startEmbeddedDatabase(config.dataDir);
  // Its failure is reported where the database plugin awaits it, not as an unhandled rejection meanwhile.
  embeddedDatabase?.catch(() => undefined);
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config, { embeddedDatabase });
  // SIGTERM or SIGINT (systemd, docker stop, Ctrl-C): new requests get 503 (so the proxy's readiness check
  // fails over), requests under way finish, queued telemetry is stored and acknowledged, browsers are told
  // to reconnect elsewhere (1001), jobs stop, then the database closes. Past the timeout the process exits anyway.
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'shutdown'}: stopping (${app.devicePlane.ingest.stats().pendingSamples} queued samples to store)`);
    await app.close();
    app.log.info('stopped');
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      app.log.error(`Port ${config.port} is already in use: set PORT to a free port.`);
      await app.close();
      process.exit(1);
    }
    throw error;
  }
  app.log.info(
    `Cellsight is ready in ${Math.round(performance.now() - started)} ms at http://localhost:${config.port} (database: ${app.dbKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

void main();
