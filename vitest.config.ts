import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test projects. `server` runs the API tests on PGlite; `server-postgres` runs the very same files
 * on a PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 */
const postgres = process.env.TEST_DATABASE_URL;


export default defineConfig({
  test: {
    // One test file per core (Vitest leaves one core free by default): the API tests spend much of
    // their time waiting on a database or a broker, so the second core would otherwise sit idle.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['test/support/database-template.setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      './apps/simulator/vitest.config.ts',
    ],
  },
});
