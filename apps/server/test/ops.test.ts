import { createServer } from 'node:net';
import { deviceTopics } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestIdOf } from '../src/modules/ops/ops.plugin.js';
import errorsPlugin from '../src/plugins/errors.plugin.js';
import { connectLogger, sample, waitFor } from './support/device.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/** A port nothing listens on: taken from the system and released at once. */
const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const metricValue = (text: string, series: string): number | null => {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
};

describe('probes, metrics and request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    // CI starts the machine's Redis on 6379 (.ci/run).
    t = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789', REDIS_URL: 'redis://127.0.0.1:6379' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers liveness without a token, with a request id in the X-Request-Id header', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, result: { status: 'ok' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a caller's safe X-Request-Id and replaces an unsafe one", async () => {
    const kept = await t.request({ method: 'GET', url: '/boot/health', headers: { 'x-request-id': 'proxy-4f2a.17:9' } });
    expect(kept.headers['x-request-id']).toBe('proxy-4f2a.17:9');
    for (const unsafe of ['a b', 'x'.repeat(65), '<script>', 'id\u00e9']) {
      const replaced = await t.request({ method: 'GET', url: '/boot/health', headers: { 'x-request-id': unsafe } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is ready when the database, the embedded broker and Redis answer', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, result: { database: 'up', broker: 'up', redis: 'up' } });
  });

  it('gives the metrics only for the bearer token when METRICS_TOKEN is set', async () => {
    expect((await t.request({ method: 'GET', url: '/boot/metrics' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/boot/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    const response = await t.request({ method: 'GET', url: '/boot/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    // Requests by route pattern: the health calls above, counted under their pattern.
    expect(metricValue(text, 'http_requests_total{method="GET",route="/boot/health",status_code="200"}')).toBeGreaterThanOrEqual(6);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/boot\/health",status_code="200"\} \d+$/m);
    expect(metricValue(text, 'http_requests_total{method="GET",route="/boot/metrics",status_code="401"}')).toBe(2);
    for (const series of ['cellsight_ingest_queue_samples', 'cellsight_ingest_samples_stored_total', 'cellsight_websocket_clients', 'cellsight_db_pool_connections{state="total"}']) {
      expect(metricValue(text, series), series).not.toBeNull();
    }
    expect(text).toMatch(/^cellsight_ingest_refused_total\{reason="invalid"\} 0$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('lists the probes in the API documentation as public', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, { get?: { security?: unknown[] } }> } }).swagger();
    for (const path of ['/boot/health', '/boot/ready', '/boot/metrics']) expect(doc.paths[path]?.get?.security, path).toEqual([]);
  });
});

describe('an unexpected failure', () => {
  it('answers 500 with the request id that its log lines carry', async () => {
    const app = Fastify({ logger: false, genReqId: requestIdOf });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('database exploded');
    });
    const response = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'support-case-42' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, message: 'Operation failed (request support-case-42)', result: { requestId: 'support-case-42' } });
    expect(response.body).not.toContain('exploded');
    await app.close();
  });
});

describe('without METRICS_TOKEN, with Redis down, and stopping', () => {
  let t: TestApp;
  let logger: MqttClient | undefined;
  beforeAll(async () => {
    // Batches wait up to 5 s to fill: samples are still queued when the server is told to stop.
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, INGEST_LINGER_MS: '5000', INGEST_BATCH_SIZE: '20000' });
  });
  afterAll(async () => {
    logger?.end(true);
    await t?.close();
  });

  it('answers the metrics to this machine only, and not through a proxy', async () => {
    expect((await t.request({ method: 'GET', url: '/boot/metrics' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/boot/metrics', remoteAddress: '10.20.30.40' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/boot/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
  });

  it('is not ready while Redis is down, and says so', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/ready' });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.result.errors).toEqual([{ field: 'redis', message: expect.any(String) }]);
    expect(body.message).toMatch(/^Not ready: redis: /);
  });

  it('stores queued samples and acknowledges them before the database closes, and tells browsers it is going away', async () => {
    const admin = await t.login('admin', adminPassword);
    const registered = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn: 'OPSLOGGER1', key: 'ops-key-000001' }] } });
    expect(registered.json()).toMatchObject({ success: true });
    logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, 'OPSLOGGER1', 'ops-key-000001');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const socket = new WebSocket(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/boot/websocket?token=${encodeURIComponent(admin)}`);
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

    const base = Date.UTC(2026, 5, 1, 12, 0, 0);
    const messages = 5;
    // QoS 1: each PUBACK waits for the samples to be stored, so these resolve only once they are.
    const acknowledged = Array.from({ length: messages }, (_, i) =>
      logger!.publishAsync(deviceTopics.telemetry('OPSLOGGER1'), JSON.stringify({ v: 1, samples: [sample('OPS-BAT-1', base + i * 1000), sample('OPS-BAT-2', base + i * 1000)] }), { qos: 1 }),
    );
    await waitFor(async () => t.app.devicePlane.ingest.stats().pendingSamples, (pending) => pending === messages * 2);
    const stored = async () => Number(((await t.app.db.execute(sql`select count(*) as n from tb_battery_sample where battery_sn like 'OPS-BAT-%'`)) as unknown as { rows: { n: string }[] }).rows[0]?.n);
    expect(await stored()).toBe(0);

    await t.restart();
    expect(await stored()).toBe(messages * 2);
    await Promise.all(acknowledged);
    expect(await closed).toBe(1001);
  });
});

describe('metrics and requests the server relays', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Loopback allowed, as an operator with a local integration would: the server can reach its own port.
    t = await createTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not answer a loopback request that shows signs of being relayed', async () => {
    expect((await t.request({ method: 'GET', url: '/boot/metrics' })).statusCode).toBe(200);
    for (const headers of [{ via: '1.1 cellsight' }, { 'x-real-ip': '203.0.113.9' }, { 'x-forwarded-host': 'console.example.com' }, { 'x-forwarded-proto': 'https' }]) {
      expect((await t.request({ method: 'GET', url: '/boot/metrics', headers })).statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('does not answer the server calling itself through a gateway route', async () => {
    const admin = await t.login('admin', adminPassword);
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const added = await t.request({ method: 'POST', url: '/boot/sys/gatewayRoute/add', token: admin, payload: { code: 'self', name: 'Self', purpose: 'webhook', url: `http://127.0.0.1:${port}/boot/metrics`, method: 'GET', timeoutMs: 5000, status: '1' } });
    expect(added.statusCode, added.body).toBe(200);
    const tested = await t.request({ method: 'POST', url: '/boot/sys/gatewayRoute/test', token: admin, payload: { id: added.json().result } });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().result.status).toBe(403);
    expect(tested.json().result.bodyStart).not.toContain('http_requests_total');
  });
});
