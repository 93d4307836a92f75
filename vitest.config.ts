import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { testWorkerArgs } from './vitest.workers.ts';

/**
 * Test projects. Without a PostgreSQL server, `server` runs the unit and API tests on the embedded
 * database (PGlite). With one (TEST_DATABASE_URL, which CI sets), `server-postgres` runs every API
 * test on it, and `server` keeps on PGlite the unit tests and the API tests of what differs there:
 * the ingest writer and the embedded broker, a SIGKILL of the embedded server, backups of its data
 * folder, the probes and monitoring (one in-process connection), the report sandbox and the copy
 * reports run on there, and rollups by station time. The end-to-end suite runs the whole console on
 * PGlite besides. Both in full would take some 25 minutes on a 2-core machine, where the embedded
 * database runs the same SQL a third slower.
 */
const postgres = process.env.TEST_DATABASE_URL;
const apiTestsOnEmbedded = postgres
  ? ['test/device-plane.test.ts', 'test/faults/kill.test.ts', 'test/backup.test.ts', 'test/ops.test.ts', 'test/monitor.test.ts', 'test/reports.test.ts', 'test/report-timeout.test.ts', 'test/stations.test.ts', 'test/history.test.ts']
  : ['test/**/*.test.ts'];

/**
 * Time-outs sized for a slow machine: 2 cores shared with a type-check or another engineer's tests
 * make a test some 4-5 times slower than alone. They stop a hung test; they are no target.
 * An API test file's hooks start an app on its own database (and some a broker or a process).
 */
const serverTestTimeout = 60_000;
const serverHookTimeout = 120_000;

export default defineConfig({
  test: {
    // One test file per core (Vitest leaves one core free by default): the API tests spend much of
    // their time waiting on a database or a broker, so the second core would otherwise sit idle.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], testTimeout: 20_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', ...apiTestsOnEmbedded],
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['test/support/database-template.setup.ts'],
          isolate: false,
          execArgv: testWorkerArgs,
          testTimeout: serverTestTimeout,
          hookTimeout: serverHookTimeout,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['test/**/*.test.ts'],
                env: { TEST_DATABASE: 'postgres' },
                globalSetup: ['test/support/database-template.setup.ts'],
                isolate: false,
                execArgv: testWorkerArgs,
                testTimeout: serverTestTimeout,
                hookTimeout: serverHookTimeout,
              },
            },
          ]
        : []),
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      './packages/simulator/vitest.config.ts',
    ],
  },
});
