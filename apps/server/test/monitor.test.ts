import { monitorEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './support/message-servers.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

const get = async <Name extends keyof typeof monitorEndpoints>(t: TestApp, token: string, name: Name) => {
  const { statusCode, envelope, response } = await t.call(monitorEndpoints[name], { token });
  expect(statusCode, response.body).toBe(200);
  return envelope.result;
};

describe('system monitoring', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '2' });
    admin = await t.login('admin', adminPassword);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes this server process with real figures', async () => {
    const server = await get(t, admin, 'server');
    expect(server.pid).toBe(process.pid);
    expect(server.nodeVersion).toBe(process.version);
    expect(server.productVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(server.memory.rss).toBeGreaterThan(10 * 1024 * 1024);
    expect(server.memory.heapUsed).toBeGreaterThan(0);
    expect(server.memory.heapUsed).toBeLessThanOrEqual(server.memory.heapTotal);
    expect(server.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(server.cpuCount).toBeGreaterThan(0);
    expect(Date.parse(server.startTime)).toBeLessThanOrEqual(Date.now());
  });

  it('lists the largest tables with rows and bytes, sys_user among them, and says what the database cannot tell', async () => {
    const database = await get(t, admin, 'database');
    expect(database.sizeBytes).toBeGreaterThan(1024 * 1024);
    expect(database.version).toMatch(/PostgreSQL/);
    const users = database.tables.find((table) => table.name === 'sys_user');
    expect(users, JSON.stringify(database.tables.map((table) => table.name))).toBeDefined();
    // The demo seeds the administrator and six demo accounts.
    expect(users?.rows).toBeGreaterThanOrEqual(t.app.dbKind === 'pglite' ? 7 : 0);
    expect(users?.bytes).toBeGreaterThan(0);
    const sizes = database.tables.map((table) => table.bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    if (t.app.dbKind === 'pglite') {
      expect(database.unavailable).toEqual(['connections', 'slowStatements', 'statementStatistics']);
      expect(database.connections).toBeNull();
    } else {
      expect(database.connections?.reduce((sum, row) => sum + row.count, 0)).toBeGreaterThan(0);
      expect(database.slowStatements).toEqual(expect.any(Array));
    }
  });

  it('refuses a slow-statement threshold out of range, naming the field', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/sys/monitor/database?slowSeconds=0', token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('slowSeconds');
  });

  it('counts the registered loggers and the ingestion since start', async () => {
    const broker = await get(t, admin, 'broker');
    expect(broker.kind).toBe('embedded');
    expect(broker.port).toBeGreaterThan(0);
    expect(broker.registeredLoggers).toBe(2);
    expect(broker.onlineLoggers).toBeLessThanOrEqual(broker.registeredLoggers);
    expect(broker.ingest.samplesStored).toBeLessThanOrEqual(broker.ingest.samplesReceived);
  });

  it('says Redis is not configured without REDIS_URL', async () => {
    expect(await get(t, admin, 'redis')).toMatchObject({ configured: false, error: null, usedMemoryBytes: null });
  });

  it('records a sample of the process every interval and answers the last hour', async () => {
    const before = await get(t, admin, 'history');
    expect(before.intervalMs).toBe(10_000);
    for (let index = 0; index < 5; index += 1) await t.request({ method: 'GET', url: '/boot/sys/monitor/server', token: admin });
    const taken = await t.app.monitor.sample();
    const after = await get(t, admin, 'history');
    expect(after.samples).toHaveLength(before.samples.length + 1);
    const last = after.samples.at(-1);
    expect(last).toEqual(taken);
    expect(last?.rssBytes).toBeGreaterThan(0);
    expect(last?.heapUsedBytes).toBeGreaterThan(0);
    expect(last?.requestsPerSecond).toBeGreaterThan(0);
    expect(last?.eventLoopP99Ms).toBeGreaterThanOrEqual(0);
    expect(last?.dbConnections === null).toBe(t.app.dbKind === 'pglite');
  });

  it('is for administrators only: 403 for an installer and the demo account, 401 without a token', async () => {
    const installer = await t.login('installer', 'Installer2026');
    const demo = await t.login('demo', 'Demo2026');
    for (const url of ['server', 'database', 'broker', 'redis', 'history']) {
      expect((await t.request({ method: 'GET', url: `/boot/sys/monitor/${url}`, token: installer })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/boot/sys/monitor/${url}`, token: demo })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/boot/sys/monitor/${url}` })).statusCode).toBe(401);
    }
  });
});

describe('system monitoring with Redis', () => {
  it('reads INFO of the configured Redis: memory, clients, operations per second', async () => {
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    try {
      const admin = await t.login('admin', adminPassword);
      const redis = await get(t, admin, 'redis');
      expect(redis.configured).toBe(true);
      expect(redis.error).toBeNull();
      expect(redis.version).toMatch(/^\d+\.\d+/);
      expect(redis.usedMemoryBytes).toBeGreaterThan(0);
      // This console's own connection is one of them.
      expect(redis.connectedClients).toBeGreaterThanOrEqual(1);
      expect(redis.opsPerSecond).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
    }
  });

  it('answers an unreachable Redis as such, not with a 500', async () => {
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const admin = await t.login('admin', adminPassword);
      const redis = await get(t, admin, 'redis');
      expect(redis).toMatchObject({ configured: true, usedMemoryBytes: null });
      expect(redis.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.close();
    }
  });
});
