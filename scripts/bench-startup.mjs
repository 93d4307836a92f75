#!/usr/bin/env node
// `npm run bench:startup`: how fast the console starts and how much a browser downloads.
// 1. Cold start: `npm start` on a fresh data folder (the embedded database made from the build's
//    template, migrated, seeded, the admin password hashed) until the server answers; then a warm
//    start on the same folder. Median of 3 runs each, timed from spawning `npm start` (what a person
//    types) and, separately, from spawning the built server itself (`node dist/server.js`).
// 2. JavaScript a browser downloads (compressed bytes on the wire, as served) for the login page,
//    and in total once signed in on the console. Needs the build (`npm run build`, which
//    `npm run bench:startup` runs first).
// Options: --bytes-only skips the start timings; --chunks also lists each JavaScript chunk the login
// page and the signed-in landing page load, with its transferred size.
/* eslint-disable no-console -- a command-line tool: its report is its output */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { freePort } from './lib/local-net.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const password = 'Bench12345';

/** Starts the server (`npm start`, or the built server directly) on `dataDir`; resolves once it answers. */
async function startServer(dataDir, how = 'npm') {
  const port = await freePort();
  const started = performance.now();
  const [command, args] = how === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js']];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'warn', DATABASE_URL: '', MQTT_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
    // npm starts the server as its child: the whole group is stopped.
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the server exited before answering');
    try {
      const response = await fetch(`${url}/boot/sys/public/config`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error('server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, url, ms: performance.now() - started };
}

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    process.kill(-child.pid, 'SIGTERM');
  });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) throw new Error('build first: npm run build');
if (!existsSync('/usr/bin/chromium')) throw new Error('Chromium is missing: apt-get install -y chromium fonts-noto-cjk');
for (const how of process.argv.includes("--bytes-only") ? [] : ["npm", "node"]) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cellsight-bench-'));
    const first = await startServer(dataDir, how);
    cold.push(first.ms);
    await stop(first.child);
    const second = await startServer(dataDir, how);
    warm.push(second.ms);
    await stop(second.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const what = how === 'npm' ? 'npm start' : 'node dist/server.js';
  console.log(`${what}: cold start (new data folder): median ${Math.round(median(cold))} ms  [${cold.map(Math.round).join(', ')}]`);
  console.log(`${what}: warm start (existing data):   median ${Math.round(median(warm))} ms  [${warm.map(Math.round).join(', ')}]`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cellsight-bench-'));
const server = await startServer(dataDir, 'node');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage();
  const bytes = { js: 0, css: 0 };
  /** The chunks loaded so far: [file name, transferred bytes], in the order they arrived. */
  const chunks = [];
  const pending = new Set();
  /** The content encodings the server answered with (the figures are compressed bytes). */
  const encodings = new Set();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    encodings.add(response.headers()['content-encoding'] ?? 'identity');
    const counted = response
      .request()
      .sizes()
      .catch(() => null)
      .then((sizes) => {
        if (!sizes) return;
        bytes[type === 'script' ? 'js' : 'css'] += sizes.responseBodySize;
        if (type === 'script') chunks.push([path.basename(new URL(response.url()).pathname), sizes.responseBodySize]);
      });
    pending.add(counted);
    void counted.finally(() => pending.delete(counted));
  });
  const settled = () => Promise.all([...pending]);
  await page.goto(`${server.url}/user/login`, { waitUntil: 'networkidle' });
  await settled();
  const login = { ...bytes };
  const loginChunks = chunks.length;
  await page.getByRole('textbox', { name: /user name/i }).fill('admin');
  await page.getByRole('textbox', { name: /^password$/i }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  // Signed in means the console's side menu is on screen (the URL passes through / on the way).
  await page.getByRole('menuitem').first().waitFor();
  await page.waitForLoadState('networkidle');
  await settled();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  if (process.argv.includes('--chunks')) {
    const list = (title, entries) => {
      console.log(`${title} (${entries.length} chunks, ${kb(entries.reduce((sum, [, size]) => sum + size, 0))}):`);
      for (const [name, size] of [...entries].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${name}`);
    };
    list('login page', chunks.slice(0, loginChunks));
    list(`added once signed in on ${new URL(page.url()).pathname}`, chunks.slice(loginChunks));
  }
  console.log(`login page: JS ${kb(login.js)}, CSS ${kb(login.css)} (as transferred, encoded: ${[...encodings].join(', ')})`);
  console.log(`signed in on ${new URL(page.url()).pathname}: JS ${kb(bytes.js)} in total, CSS ${kb(bytes.css)}`);
} finally {
  await browser.close();
  await stop(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
