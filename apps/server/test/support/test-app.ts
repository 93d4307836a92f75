import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Endpoint, type EndpointBody, type EndpointEnvelope, type EndpointParams, type EndpointQuery, methodOf, pathOf } from '@cellsight/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type SQL, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { tenants, userTenants } from '../../src/db/schema.js';
import { adminStatement, databaseUrl, testServerUrl } from './postgres-admin.js';

export const adminPassword = 'Admin12345';

/**
 * The migrated, empty embedded database, made once for the whole run by
 * `database-template.setup.ts`: every test app starts from a copy of it, which takes a fraction of
 * a fresh PGlite's start and the migrations (some 7 s an app on this machine, where the API tests
 * build a few hundred). Read once per test worker.
 */
let pgliteTemplate: Promise<Blob> | undefined;
export const migratedPglite = (): Promise<Blob> =>
  (pgliteTemplate ??= (async () => {
    const file = inject('pgliteTemplateFile');
    if (file) return new Blob([await readFile(file)]);
    // A project that runs on PostgreSQL has no embedded template: make one for this worker.
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, thread: 'main' });
    try {
      return await handle.dump!();
    } finally {
      await handle.close();
    }
  })());

/** A new database on TEST_DATABASE_URL's server, copied from the run's migrated template; `drop` removes it. */
export async function createPostgresTestDatabase(prefix = 'cellsight_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = testServerUrl();
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminStatement(serverUrl, `create database ${name} template ${inject('postgresTemplateDatabase')}`);
  return { url: databaseUrl(serverUrl, name), drop: () => adminStatement(serverUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * A fresh database for one test file: in-memory PGlite, or (TEST_DATABASE=postgres) a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards. PGlite runs on
 * the test's own thread unless `pgliteThread` is 'worker' (the server's default): a test's requests
 * come one at a time, so the thread of its own brings nothing to them but the hop to it.
 */
async function openTestDatabase(pgliteThread: 'main' | 'worker'): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, from: await migratedPglite(), thread: pgliteThread });
    return { ...handle, dispose: () => handle.close() };
  }
  const database = await createPostgresTestDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await database.drop();
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
   * A call declared in the contract (`defineEndpoint`), typed by it: what it sends, and its answer's
   * envelope (`envelope`, parsed). A test of a refusal that the types would not let through uses `request`.
   */
  call<E extends Endpoint>(endpoint: E, input?: EndpointCall<E>): Promise<{ statusCode: number; envelope: EndpointEnvelope<E>; response: LightMyRequestResponse }>;
  /**
   * Stops the platform and starts it again on the same database (and the same broker port): what
   * survives a restart. `app` is the new instance afterwards.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** What `TestApp.call` sends: the session, the endpoint's query, body and path parameters, and any other headers (`accept-language`). */
export interface EndpointCall<E extends Endpoint> {
  token?: string;
  headers?: Record<string, string>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  params?: EndpointParams<E>;
}

/**
 * `logStream`: the app logs (at LOG_LEVEL, `silent` unless `env` says otherwise) into it, so a test
 * reads the lines the server really writes; without it the app logs nothing.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { pgliteThread = 'main', logStream }: { pgliteThread?: 'main' | 'worker'; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
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
  const database = await openTestDatabase(pgliteThread);
  const logging = logStream ? { logStream } : { logger: false };
  let app = await buildApp(config, { database, ...logging });
  await app.ready();
  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(token ? { 'x-access-token': token } : {}) } });
  const call: TestApp['call'] = async (endpoint, { token, headers, query, body, params } = {}) => {
    const response = await request({
      method: methodOf(endpoint),
      url: `/boot${pathOf(endpoint, params as Record<string, string> | undefined)}`,
      token,
      ...(headers ? { headers } : {}),
      ...(query ? { query: Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)])) } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { statusCode: response.statusCode, envelope: response.json(), response };
  };
  return {
    get app() {
      return app;
    },
    dataDir,
    request,
    call,
    async restart() {
      const port = app.devicePlane.brokerPort;
      await app.close();
      app = await buildApp(port ? { ...config, mqtt: { ...config.mqtt, port } } : config, { database, ...logging });
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
