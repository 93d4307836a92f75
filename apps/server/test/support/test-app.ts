import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type SQL, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { tenants, userTenants } from '../../src/db/schema.js';

export const adminPassword = 'Admin12345';

/**
 * The migrated, empty embedded database, made once per test worker: every test app starts from a
 * copy of it, which takes a fraction of a fresh PGlite's start and the migrations (some 4 s an app
 * on this machine, where the API tests build a few hundred).
 */
let pgliteTemplate: Promise<Blob> | undefined;
const migratedPglite = (): Promise<Blob> =>
  (pgliteTemplate ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      return await handle.dump!();
    } finally {
      await handle.close();
    }
  })());

/**
 * A fresh database for one test file: in-memory PGlite, or (TEST_DATABASE=postgres) a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards.
 */
async function openTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, from: await migratedPglite() });
    return { ...handle, dispose: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cellsight_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Signs in and returns the token. */
  login(username: string, password: string): Promise<string>;
  /** `app.inject` with the token header when given. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /**
   * Stops the platform and starts it again on the same database (and the same broker port): what
   * survives a restart. `app` is the new instance afterwards.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cellsight-test-'));
  const config = loadConfig({
    ADMIN_PASSWORD: adminPassword,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    // The machine's own broker holds 1883: the embedded one takes a free port.
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    WEB_DIST: join(dataDir, 'no-web'),
    // Tests never reach outside the machine.
    MAP_TILE_URL: 'none',
    MAP_GEOCODER_URL: 'none',
    // Test apps given a Redis share it with other test files running at once: keys and live events apart.
    REDIS_PREFIX: `cellsight-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`,
    ...env,
  });
  const database = await openTestDatabase();
  let app = await buildApp(config, { database, logger: false });
  await app.ready();
  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(token ? { 'x-access-token': token } : {}) } });
  return {
    get app() {
      return app;
    },
    dataDir,
    request,
    async restart() {
      const port = app.devicePlane.brokerPort;
      await app.close();
      app = await buildApp(port ? { ...config, mqtt: { ...config.mqtt, port } } : config, { database, logger: false });
      await app.ready();
    },
    async login(username, password) {
      const response = await request({ method: 'POST', url: '/boot/sys/login', payload: { username, password } });
      const body = response.json();
      if (!body.success) throw new Error(`login failed for ${username}: ${body.message}`);
      return body.result.token as string;
    },
    async close() {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a user through the API as the given administrator and returns its id. */
export async function addUser(
  t: TestApp,
  adminToken: string,
  user: { username: string; password?: string; realname?: string; selectedroles?: string; email?: string; phone?: string; accountType?: string; superiorId?: string },
): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/boot/sys/user/add',
    token: adminToken,
    payload: { password: 'Passw0rd1', realname: user.username, ...user },
  });
  const body = response.json();
  if (!body.success) throw new Error(`add user failed: ${body.message}`);
  return body.result as string;
}

/** Moves a user out of the seeded tenant into tenant `tenantId` (created when missing): another company's user. */
export async function moveToTenant(t: TestApp, userId: string, tenantId: number): Promise<void> {
  await t.app.db.insert(tenants).values({ id: tenantId, name: `Tenant ${tenantId}` }).onConflictDoNothing();
  await t.app.db.update(userTenants).set({ tenantId }).where(eq(userTenants.userId, userId));
}

/** The rows of a query on the test database (for what the API does not show: hashes, hierarchy links). */
export const queryRows = async <T>(t: TestApp, query: SQL): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
