import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientHeartbeat } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ConfigError, loadConfig } from '../src/config.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  const dir = join((await import('node:os')).tmpdir(), `cellsight-web-${Date.now()}`);
  webDist = join(dir, 'dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist, LOGIN_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

describe('one process is the whole product', () => {
  it('serves the web app with a history-mode fallback, and API 404s as envelopes', async () => {
    const deep = await t.request({ method: 'GET', url: '/system/user?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
    const asset = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.request({ method: 'GET', url: '/boot/no/such/route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 4000 });
  });

  it('publishes OpenAPI generated from the contract at /boot/docs', async () => {
    const spec = await t.request({ method: 'GET', url: '/boot/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/boot/sys/login', '/boot/sys/user/list', '/boot/sys/user/add']));
    expect(spec.json().paths['/boot/sys/user/add'].post.requestBody).toBeDefined();
    expect((await t.request({ method: 'GET', url: '/boot/docs' })).statusCode).toBeLessThan(400);
  });

  it('rate-limits sign-in attempts per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'x_nobody', password: 'wrong123' }, remoteAddress: '10.9.9.9' })).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
    const other = await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'admin', password: adminPassword }, remoteAddress: '10.9.9.10' });
    expect(other.statusCode).toBe(200);
  });
});

describe('websocket', () => {
  it('refuses sockets without a session and tells a socket when its session ends', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/boot/websocket`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(refused).toBe(401);

    const token = await t.login('admin', adminPassword);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/boot/websocket?token=${encodeURIComponent(token)}`);
    const messages: string[] = [];
    // The heartbeat's answer: the server answers once the socket is among those it tells (and closes).
    const answered = new Promise<void>((resolve) => ws.once('message', () => resolve()));
    ws.on('message', (data) => messages.push(String(data)));
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(clientHeartbeat);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await answered;
    await t.request({ method: 'POST', url: '/boot/sys/logout', token });
    expect(await closed).toBe(4001);
    expect(messages[0]).toBe(clientHeartbeat);
    expect(JSON.parse(messages[1] ?? '{}')).toMatchObject({ event: 'session.revoked', data: { reason: 'logout' } });
  });
});

describe('config', () => {
  it('explains invalid settings', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadConfig({}).port).toBe(8080);
  });
});
