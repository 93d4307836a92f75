import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';
import { png, upload } from './support/upload.js';

let t: TestApp;
let admin: string;
let webDist: string;

/** The policy's directives by name. */
const directives = (response: LightMyRequestResponse): Map<string, string[]> => {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
};

/** Every answer carries the same security headers, whatever produced it. */
const expectSecurityHeaders = (response: LightMyRequestResponse) => {
  const csp = directives(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  // The station map's tile server and geocoder, as configured, and nothing else outside.
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
  expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:80', 'wss://localhost:80', 'https://geo.example.org']);
  expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  // No site may be framed unless FRAME_SOURCES names it.
  expect(csp.get('frame-src')).toEqual(["'none'"]);
  // Plain http must keep working: nothing upgrades requests to https.
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(csp.size).toBe(11);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['strict-transport-security']).toBeUndefined();
};

beforeAll(async () => {
  // A stand-in for the web build, so the web plugin serves the console and its history fallback.
  webDist = mkdtempSync(join(tmpdir(), 'cellsight-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'index-test.js'), 'export {};\n');
  t = await createTestApp({ WEB_DIST: webDist, MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', MAP_GEOCODER_URL: 'https://geo.example.org/reverse' });
  admin = await t.login('admin', adminPassword);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on an API answer', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/sys/public/config' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('are on an error answer', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/sys/user/list' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
    expectSecurityHeaders(response);
    const missing = await t.request({ method: 'GET', url: '/boot/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('are on an uploaded file', async () => {
    const uploaded = await upload(t, admin, png, 'me.png');
    expect(uploaded.json()).toMatchObject({ success: true });
    const view = await t.request({ method: 'GET', url: `/boot/sys/common/view/${uploaded.json().message as string}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expectSecurityHeaders(view);
  });

  it('are on the web app: its index, a history-mode path and an asset', async () => {
    for (const url of ['/', '/collector/index', '/system/user']) {
      const page = await t.request({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expectSecurityHeaders(page);
    }
    const asset = await t.request({ method: 'GET', url: '/assets/index-test.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
  });

  it('are on the API docs, under the same policy', async () => {
    const docs = await t.request({ method: 'GET', url: '/boot/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(docs);
    // swagger-ui loads only its own files: no inline script the policy would block.
    expect(docs.payload).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const initializer = await t.request({ method: 'GET', url: '/boot/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expectSecurityHeaders(initializer);
  });

  it('name websocket sources only for a plain Host header', async () => {
    const proxied = await t.request({ method: 'GET', url: '/', headers: { host: 'console.example.com:8080' } });
    expect(directives(proxied).get('connect-src')).toEqual(["'self'", 'ws://console.example.com:8080', 'wss://console.example.com:8080', 'https://geo.example.org']);
    const odd = await t.request({ method: 'GET', url: '/', headers: { host: "evil.example; script-src 'unsafe-inline'" } });
    const csp = directives(odd);
    expect(csp.get('connect-src')).toEqual(["'self'", "'self'", 'https://geo.example.org']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('allow no outside origin when the map has no tiles and no geocoder', async () => {
    const plain = await createTestApp({ MAP_TILE_URL: 'none', MAP_GEOCODER_URL: 'none' });
    try {
      const csp = directives(await plain.request({ method: 'GET', url: '/boot/sys/public/config' }));
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:80', 'wss://localhost:80']);
      expect((await plain.request({ method: 'GET', url: '/boot/sys/public/config' })).json().result.map).toMatchObject({ tileUrl: '', geocoderUrl: '', defaultLat: 30.65699, defaultLon: 104.057641, defaultZoom: 17 });
    } finally {
      await plain.close();
    }
  });

  it('frame exactly the sites FRAME_SOURCES names, and tell the console which they are', async () => {
    const framing = await createTestApp({ FRAME_SOURCES: 'https://grafana.example.org, https://*.docs.example.com/' });
    try {
      const response = await framing.request({ method: 'GET', url: '/boot/sys/public/config' });
      expect(directives(response).get('frame-src')).toEqual(['https://grafana.example.org', 'https://*.docs.example.com']);
      expect(directives(response).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.json().result.frameSources).toEqual(['https://grafana.example.org', 'https://*.docs.example.com']);
    } finally {
      await framing.close();
    }
    await expect(createTestApp({ FRAME_SOURCES: "https://ok.example.org, 'unsafe-inline'" })).rejects.toThrow(/FRAME_SOURCES/);
  });
});

describe('cross-origin requests (CORS)', () => {
  const foreign = 'https://attacker.example';
  /** No header that would let a page of another origin read an answer or send credentials. */
  const expectClosed = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBeLessThan(500);
    for (const name of Object.keys(response.headers)) expect(name.toLowerCase().startsWith('access-control-'), `${name} on ${response.statusCode}`).toBe(false);
  };

  it('are answered without Access-Control-Allow-Origin for a foreign Origin, by default', async () => {
    // A preflight of a signed-in call, as a browser on another site sends it.
    expectClosed(
      await t.request({
        method: 'OPTIONS',
        url: '/boot/sys/user/list',
        headers: { origin: foreign, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-access-token' },
      }),
    );
    expectClosed(await t.request({ method: 'OPTIONS', url: '/boot/sys/login', headers: { origin: foreign, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } }));
    // The calls themselves: signed in, signing in, public, and the web app.
    const list = await t.request({ method: 'GET', url: '/boot/sys/user/list', token: admin, headers: { origin: foreign } });
    expect(list.statusCode).toBe(200);
    expectClosed(list);
    expectClosed(await t.request({ method: 'POST', url: '/boot/sys/login', headers: { origin: foreign }, payload: { username: 'admin', password: 'wrong-password-1' } }));
    expectClosed(await t.request({ method: 'GET', url: '/boot/sys/public/config', headers: { origin: foreign } }));
    expectClosed(await t.request({ method: 'GET', url: '/', headers: { origin: foreign } }));
    expectClosed(await t.request({ method: 'GET', url: '/assets/index-test.js', headers: { origin: foreign } }));
  });
});
