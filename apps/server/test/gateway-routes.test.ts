import { type GatewayRouteRecord, ServerCode, gatewayRouteEndpoints } from '@cellsight/contract';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './support/message-servers.js';
import { type TestApp, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/** A local HTTP server standing in for the outside services a route calls. */
async function startEndpoint(): Promise<{ url: string; seen: { path: string; method: string; headers: Record<string, string | string[] | undefined> }[]; close(): Promise<void> }> {
  const seen: { path: string; method: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const server: Server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', method: request.method ?? '', headers: request.headers });
    if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 3000).unref();
      return;
    }
    if (request.url === '/moved') {
      response.writeHead(302, { location: 'https://elsewhere.example/landing' }).end();
      return;
    }
    if (request.url?.startsWith('/tiles/')) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      return;
    }
    if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
      return;
    }
    response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: request.url !== '/missing', path: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('gateway routes', () => {
  let t: TestApp;
  let admin: string;
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
  const add = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/sys/gatewayRoute/add', token: admin, payload });
  const list = async (): Promise<GatewayRouteRecord[]> => (await t.request({ method: 'GET', url: '/boot/sys/gatewayRoute/list?pageSize=50', token: admin })).json().result.records;
  const byCode = async (code: string) => (await list()).find((record) => record.code === code) as GatewayRouteRecord;
  const test = async (id: string) => {
    const { statusCode, envelope, response } = await t.call(gatewayRouteEndpoints.test, { token: admin, body: { id } });
    expect(statusCode, response.body).toBe(200);
    return envelope.result;
  };
  const route = (code: string, url: string, extra: Record<string, unknown> = {}) => ({ code, name: `Route ${code}`, purpose: 'webhook', url, method: 'GET', timeoutMs: 2000, status: '1', ...extra });

  beforeAll(async () => {
    // The stand-in services listen on loopback, which only OUTBOUND_ALLOW opens.
    t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0', OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.login('admin', adminPassword);
    endpoint = await startEndpoint();
  });
  afterAll(async () => {
    await endpoint?.close();
    await t?.close();
  });

  it('stores a route with its headers and answers secret values masked, in list and by id', async () => {
    const response = await add(route('hook', `${endpoint.url}/hook`, { headers: JSON.stringify({ Authorization: 'Bearer very-secret-token-1234', 'X-Tenant': 'north' }) }));
    expect(response.statusCode, response.body).toBe(200);
    const record = await byCode('hook');
    expect(record).toMatchObject({ purpose: 'webhook', purpose_dictText: 'Webhook', status_dictText: 'Valid', timeoutMs: 2000 });
    expect(JSON.parse(record.headers ?? '{}')).toEqual({ Authorization: '••••••1234', 'X-Tenant': 'north' });
    expect(response.body + JSON.stringify(await list())).not.toContain('very-secret');
    const one = await t.request({ method: 'GET', url: `/boot/sys/gatewayRoute/queryById?id=${record.id}`, token: admin });
    expect(one.body).not.toContain('very-secret');
    expect(one.json().result.headers).toContain('••••••1234');
    // At rest the secret is sealed (AES-256-GCM); the plain header stays readable.
    const [stored] = await queryRows<{ headers: string }>(t, sql`select headers from sys_gateway_route where code = 'hook'`);
    expect(stored?.headers).not.toContain('very-secret');
    expect(JSON.parse(stored?.headers ?? '{}')).toMatchObject({ Authorization: expect.stringMatching(/^v2:/), 'X-Tenant': 'north' });
  });

  it('calls the route with its method and headers and answers status, duration and the body start', async () => {
    const record = await byCode('hook');
    const result = await test(record.id);
    expect(result).toMatchObject({ status: 200, timedOut: false, error: null, redirectTo: null, bodyEncoding: 'text', bodyTruncated: false, contentType: 'application/json' });
    expect(JSON.parse(result.bodyStart)).toEqual({ ok: true, path: '/hook' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const call = endpoint.seen.at(-1);
    expect(call).toMatchObject({ path: '/hook', method: 'GET' });
    expect(call?.headers.authorization).toBe('Bearer very-secret-token-1234');
    expect(call?.headers['x-tenant']).toBe('north');
  });

  it('keeps a secret when its mask comes back on edit, and takes a new one', async () => {
    const record = await byCode('hook');
    const headers = JSON.parse(record.headers ?? '{}') as Record<string, string>;
    const kept = await t.request({ method: 'PUT', url: '/boot/sys/gatewayRoute/edit', token: admin, payload: { id: record.id, headers: JSON.stringify({ ...headers, 'X-Tenant': 'south' }), method: 'POST' } });
    expect(kept.statusCode, kept.body).toBe(200);
    await test(record.id);
    expect(endpoint.seen.at(-1)?.method).toBe('POST');
    expect(endpoint.seen.at(-1)?.headers.authorization).toBe('Bearer very-secret-token-1234');
    expect(endpoint.seen.at(-1)?.headers['x-tenant']).toBe('south');
    const forged = await t.request({ method: 'PUT', url: '/boot/sys/gatewayRoute/edit', token: admin, payload: { id: record.id, headers: JSON.stringify({ Authorization: '••••••9999' }) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/^headers: /);
    const changed = await t.request({ method: 'PUT', url: '/boot/sys/gatewayRoute/edit', token: admin, payload: { id: record.id, headers: JSON.stringify({ Authorization: 'Bearer another-token-5678' }) } });
    expect(changed.statusCode, changed.body).toBe(200);
    await test(record.id);
    expect(endpoint.seen.at(-1)?.headers.authorization).toBe('Bearer another-token-5678');
  });

  it('sends a stored secret only to the address it was stored with: a new address needs the secret again', async () => {
    const elsewhere = await startEndpoint();
    try {
      await add(route('bound', `${endpoint.url}/bound`, { headers: JSON.stringify({ Authorization: 'Bearer bound-secret-0001', 'X-Plain': 'p' }) }));
      const record = await byCode('bound');
      const masked = record.headers ?? '';
      const moves = [
        { id: record.id, url: `${elsewhere.url}/catch`, headers: masked },
        { id: record.id, url: `${elsewhere.url}/catch` },
        // Another scheme or port is another address too.
        { id: record.id, url: `${endpoint.url.replace('127.0.0.1', 'localhost')}/bound`, headers: masked },
      ];
      for (const payload of moves) {
        const refused = await t.request({ method: 'PUT', url: '/boot/sys/gatewayRoute/edit', token: admin, payload });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().message).toMatch(/^headers: the route's address changes: enter the value of "Authorization" again/);
      }
      expect((await byCode('bound')).url).toBe(`${endpoint.url}/bound`);
      // The test call takes a stored route by id and nothing else: no new address to combine its secrets with.
      const unsaved = await t.request({ method: 'POST', url: '/boot/sys/gatewayRoute/test', token: admin, payload: { id: record.id, url: `${elsewhere.url}/catch` } });
      expect(unsaved.statusCode, unsaved.body).toBe(400);
      await test(record.id);
      expect(elsewhere.seen).toHaveLength(0);
      expect(endpoint.seen.at(-1)?.headers.authorization).toBe('Bearer bound-secret-0001');
      // The same address with another path keeps the secret; a new address with the secret given again is fine.
      expect((await t.request({ method: 'PUT', url: '/boot/sys/gatewayRoute/edit', token: admin, payload: { id: record.id, url: `${endpoint.url}/bound/v2`, headers: masked } })).statusCode).toBe(200);
      const moved = await t.request({ method: 'PUT', url: '/boot/sys/gatewayRoute/edit', token: admin, payload: { id: record.id, url: `${elsewhere.url}/catch`, headers: JSON.stringify({ Authorization: 'Bearer new-home-0002', 'X-Plain': 'p' }) } });
      expect(moved.statusCode, moved.body).toBe(200);
      await test(record.id);
      expect(elsewhere.seen.at(-1)?.headers.authorization).toBe('Bearer new-home-0002');
      // A route without secrets moves freely, its plain headers with it.
      await add(route('plain', `${endpoint.url}/plain`, { headers: JSON.stringify({ 'X-Plain': 'p' }) }));
      expect((await t.request({ method: 'PUT', url: '/boot/sys/gatewayRoute/edit', token: admin, payload: { id: (await byCode('plain')).id, url: `${elsewhere.url}/plain` } })).statusCode).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });

  it('opens a stored secret only for its address, even when the row is changed behind the service', async () => {
    await add(route('tampered', `${endpoint.url}/tampered`, { headers: JSON.stringify({ Authorization: 'Bearer tamper-secret-0003' }) }));
    const elsewhere = await startEndpoint();
    try {
      await t.app.db.execute(sql`update sys_gateway_route set url = ${`${elsewhere.url}/catch`} where code = 'tampered'`);
      const { statusCode, envelope, response } = await t.call(gatewayRouteEndpoints.test, { token: admin, body: { id: (await byCode('tampered')).id } });
      expect(statusCode, response.body).toBe(400);
      expect(envelope.message).toMatch(/^headers: /);
      expect(elsewhere.seen).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('answers a timeout as such, not as a failure of the console', async () => {
    await add(route('slow', `${endpoint.url}/slow`, { timeoutMs: 300 }));
    const result = await test((await byCode('slow')).id);
    expect(result).toMatchObject({ status: null, timedOut: true });
    expect(result.error).toContain('300 ms');
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(2500);
  });

  it('reports a redirect with its target and does not follow it', async () => {
    await add(route('moved', `${endpoint.url}/moved`));
    const before = endpoint.seen.length;
    const result = await test((await byCode('moved')).id);
    expect(result).toMatchObject({ status: 302, redirectTo: 'https://elsewhere.example/landing', timedOut: false, error: null });
    expect(endpoint.seen.length).toBe(before + 1);
  });

  it('answers a refused connection, a 404, a binary tile (as hex) and a long body (cut)', async () => {
    await add(route('refused', `http://127.0.0.1:${await closedPort()}/x`));
    expect(await test((await byCode('refused')).id)).toMatchObject({ status: null, timedOut: false, error: expect.stringMatching(/ECONNREFUSED/) });
    await add(route('missing', `${endpoint.url}/missing`));
    expect(await test((await byCode('missing')).id)).toMatchObject({ status: 404, error: null });
    await add(route('tiles', `${endpoint.url}/tiles/{z}/{x}/{y}.png`, { purpose: 'tile' }));
    const tile = await test((await byCode('tiles')).id);
    expect(tile).toMatchObject({ status: 200, bodyEncoding: 'hex', bodyStart: '89504e470d0a1a0a', contentType: 'image/png' });
    expect(endpoint.seen.at(-1)?.path).toBe('/tiles/0/0/0.png');
    await add(route('big', `${endpoint.url}/big`));
    const big = await test((await byCode('big')).id);
    expect(big.bodyStart).toHaveLength(1024);
    expect(big.bodyTruncated).toBe(true);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const before = (await list()).length;
    const cases: [Record<string, unknown>, string][] = [
      [route('ftp', 'ftp://example.com/file'), 'url'],
      [route('short', `${endpoint.url}/x`, { timeoutMs: 50 }), 'timeoutMs'],
      [route('long', `${endpoint.url}/x`, { timeoutMs: 60_001 }), 'timeoutMs'],
      [route('badjson', `${endpoint.url}/x`, { headers: '{not json' }), 'headers'],
      [route('array', `${endpoint.url}/x`, { headers: '["a"]' }), 'headers'],
      [route('badname', `${endpoint.url}/x`, { headers: JSON.stringify({ 'Bad Header': 'x' }) }), 'headers'],
      [route('newline', `${endpoint.url}/x`, { headers: JSON.stringify({ 'X-A': 'a\r\nInjected: 1' }) }), 'headers'],
      [route('purpose', `${endpoint.url}/x`, { purpose: 'mail' }), 'purpose'],
      [route('hook', `${endpoint.url}/x`, { name: 'Another name' }), 'code'],
    ];
    for (const [payload, field] of cases) {
      const response = await add(payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field}`));
    }
    expect((await list()).length).toBe(before);
  });

  it('answers 404 for testing a route that does not exist', async () => {
    const { statusCode, envelope } = await t.call(gatewayRouteEndpoints.test, { token: admin, body: { id: 'no-such-route' } });
    expect(statusCode).toBe(404);
    expect(envelope.code).not.toBe(ServerCode.OK);
  });

  it('is for administrators: an installer and the demo account are refused', async () => {
    const record = await byCode('hook');
    for (const [username, password] of [['installer', 'Installer2026'], ['demo', 'Demo2026']] as const) {
      const token = await t.login(username, password);
      expect((await t.request({ method: 'GET', url: '/boot/sys/gatewayRoute/list', token })).statusCode).toBe(403);
      expect((await t.call(gatewayRouteEndpoints.test, { token, body: { id: record.id } })).statusCode).toBe(403);
    }
  });
});

describe('gateway routes and the destination policy', () => {
  let t: TestApp;
  let admin: string;
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>;

  beforeAll(async () => {
    // The default: no OUTBOUND_ALLOW, so nothing on this machine or its networks.
    t = await createTestApp();
    admin = await t.login('admin', adminPassword);
    endpoint = await startEndpoint();
  });
  afterAll(async () => {
    await endpoint?.close();
    await t?.close();
  });

  it('refuses to call this machine, however its address is written, and calls nothing', async () => {
    const port = new URL(endpoint.url).port;
    const urls = [`http://127.0.0.1:${port}/boot/metrics`, `http://2130706433:${port}/x`, `http://0x7f.1:${port}/x`, `http://[::ffff:127.0.0.1]:${port}/x`, `http://localhost:${port}/x`];
    for (const [index, url] of urls.entries()) {
      const added = await t.request({ method: 'POST', url: '/boot/sys/gatewayRoute/add', token: admin, payload: { code: `local${index}`, name: `Local ${index}`, purpose: 'webhook', url, method: 'GET', timeoutMs: 2000, status: '1' } });
      expect(added.statusCode, added.body).toBe(200);
      const { statusCode, envelope, response } = await t.call(gatewayRouteEndpoints.test, { token: admin, body: { id: added.json().result } });
      expect(statusCode, `${url}: ${response.body}`).toBe(400);
      expect(envelope.message, url).toMatch(/^url: .*a loopback address; the platform connects to such addresses only when OUTBOUND_ALLOW lists them$/);
    }
    expect(endpoint.seen).toHaveLength(0);
  });
});
