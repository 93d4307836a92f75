import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { adminPassword, adminUsername } from './support/env';
import { freePort } from './support/free-port';

/**
 * End-to-end tests: Debian's Chromium drives the built web app served by the real server, which
 * starts on a free port with a fresh data folder (embedded PGlite), so every run starts clean.
 * Run with `npm run build && npx playwright test -c e2e/playwright.config.ts`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

// This module is loaded by the runner and again by every worker: pick the port and the data folder
// once, in the runner, and hand them to the workers through the environment they inherit.
process.env.E2E_PORT ??= String(await freePort());
// The server's embedded MQTT broker gets a free port too (1883 may belong to a broker on the machine).
process.env.E2E_MQTT_PORT ??= String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cellsight-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // The process that made the folder removes it when it exits, after the web server has stopped,
  // also when the server never came up.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));
}
// Serve a private copy of the built web app: a rebuild of apps/web/dist in the shared tree while the
// tests run would otherwise swap the hashed chunks under the browser's feet.
if (!process.env.E2E_WEB_DIST) {
  const dist = path.join(repoRoot, 'apps', 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist} has no built web app; run \`npm run build\` first (npm test does).`);
  }
  process.env.E2E_WEB_DIST = path.join(process.env.E2E_DATA_DIR, 'web');
  cpSync(dist, process.env.E2E_WEB_DIST, { recursive: true });
}
// The server runs as shipped: its build (npm run build, which npm test runs first).
const builtServer = path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');
if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing; run \`npm run build\` first (npm test does).`);
process.env.E2E_ADMIN_USERNAME ??= adminUsername;
process.env.E2E_ADMIN_PASSWORD ??= adminPassword;
// Never let Playwright fetch a browser of its own.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
// The server under test always runs on its own embedded PGlite and embedded broker, whatever the
// caller's shell holds.
delete process.env.DATABASE_URL;
delete process.env.MQTT_URL;

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(repoRoot, '.test-output', 'e2e-artifacts'),
  fullyParallel: false,
  // Two files at a time: the tests mostly wait on the server and the browser (a run uses about half
  // a core), and each makes its own users, loggers and names, so two do not meet. Four were slower.
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  // Time-outs sized for a slow machine (2 cores shared with other work make a step several times
  // slower than alone): they stop a hung test, they are no target.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    // The console honours the system's reduced-motion setting (antd's motion off): dialogs, menus
    // and drawers open at once, and the browser renders no animation frames for them.
    reducedMotion: 'reduce',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // A trace (actions, DOM snapshots, network; no screencast, whose frames cost the browser about
    // as much CPU as the tests) is recorded on a test's retry only: recording one for every test to
    // drop it when it passed cost a sixth of the suite. A first failure keeps its screenshot below.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/boot/sys/public/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      // Links in mail and firmware downloads start with it (the request's Host never makes one).
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST: process.env.E2E_WEB_DIST,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      DEMO: '0',
      // Self-registered accounts go under this installer (register.spec.ts creates it).
      SIGNUP_INSTALLER: 'e2e_signup_inst',
      // Alarm mail every 2 s instead of every minute (alarm-notifications.spec.ts waits for it).
      ALARM_DELIVERY_SECONDS: '2',
      LOGIN_RATE_LIMIT: '1000',
      MQTT_PORT: process.env.E2E_MQTT_PORT,
      MQTT_HOST: '127.0.0.1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // The station map loads nothing from the internet in tests: no tiles, no geocoder.
      MAP_TILE_URL: 'none',
      MAP_GEOCODER_URL: 'none',
      // The gateway route spec's stand-in server listens on loopback, which only OUTBOUND_ALLOW opens.
      OUTBOUND_ALLOW: '127.0.0.1',
    },
  },
});
