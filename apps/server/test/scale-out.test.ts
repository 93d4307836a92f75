import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoggerCredentials, fleetCredentials, publishLoad, registerFleet } from '@cellsight/simulator';
import { ServerCode } from '@cellsight/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Mosquitto, freePort, hasMosquitto, startMosquitto, waitForPort } from './support/mosquitto.js';

/**
 * The same build as two server processes behind HAProxy, on one PostgreSQL database, one Mosquitto
 * and one Redis (docs/architecture.md, "Several processes"). Real processes, a real proxy: a console
 * signed in through the proxy and pinned to process A by the proxy's cookie hears live readings of
 * data that process B ingested; the sign-in limits count over both; telemetry published with QoS 1
 * is stored exactly once although B is killed with SIGKILL in the middle of ingesting it; each
 * firing of a scheduled job runs on one process.
 *
 * The websocket client speaks the console's protocol (the browser's `lib/kept-socket` reads the
 * same `{event, data, at}` messages); no Chromium here, to keep the test inside a minute.
 *
 * Runs in the PostgreSQL project (several processes cannot share an embedded PGlite). Mosquitto is
 * a private instance with the deployment queue settings (support/mosquitto.ts: the machine's own on
 * 1883 keeps Mosquitto's default queue limit, which silently drops QoS 1 messages under load).
 * Outside CI a missing HAProxy, Mosquitto or Redis skips it with the reason; in CI it fails.
 */

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const serverDir = join(repoRoot, 'apps/server');
const haproxyBinary = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((path) => existsSync(path)) ?? null;
const redisUrl = 'redis://127.0.0.1:6379';
const adminPassword = 'ScaleOut2026';
const inCi = Boolean(process.env.CI);
const onPostgres = process.env.TEST_DATABASE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

const redisReachable = async (): Promise<boolean> => {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
};

const missing = onPostgres
  ? [
      ...(haproxyBinary ? [] : ['HAProxy (apt-get install haproxy)']),
      ...(hasMosquitto ? [] : ['Mosquitto (apt-get install mosquitto)']),
      ...((await redisReachable()) ? [] : [`Redis at ${redisUrl}`]),
    ]
  : [];
if (missing.length > 0 && !inCi) console.warn(`scale-out test skipped: ${missing.join(', ')} missing`);

interface ServerProcess {
  name: 'a' | 'b';
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const waitUntil = async <T>(what: string, probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(100);
  }
};

describe.skipIf(!onPostgres || (missing.length > 0 && !inCi))('several server processes behind HAProxy', () => {
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const databaseName = `cellsight_scale_${tag}`;
  const redisPrefix = `cellsight-test-${tag}:`;
  const work = mkdtempSync(join(tmpdir(), 'cellsight-scale-'));
  const servers = new Map<'a' | 'b', ServerProcess>();
  let databaseUrl = '';
  let broker: Mosquitto | undefined;
  let haproxy: ChildProcess | undefined;
  let proxyPort = 0;
  let db: pg.Client | undefined;
  let socket: WebSocket | undefined;
  const heard: LiveEvent[] = [];
  let token = '';
  const ports = { a: 0, b: 0 };

  const proxy = (path: string) => `http://127.0.0.1:${proxyPort}${path}`;
  const count = async (sql: string, values: unknown[] = []): Promise<number> => Number((await db!.query<{ n: string }>(sql, values)).rows[0]?.n ?? 0);

  /** Starts one server process (the same command as `npm start`) and resolves once it listens. */
  const startServer = async (name: 'a' | 'b'): Promise<ServerProcess> => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(ports[name]),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(work, `data-${name}`),
        ADMIN_PASSWORD: adminPassword,
        // Processes sharing a database must share the key of stored secrets.
        SECRET_KEY: 'scale-out-test-secret-key',
        MQTT_URL: broker!.url,
        MQTT_SHARE_GROUP: `scale${tag}`,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: redisPrefix,
        // HAProxy forwards the client's address (option forwardfor).
        TRUST_PROXY: '127.0.0.1',
        LOGIN_RATE_LIMIT: '8',
        // The test counts every sample: the per-logger message limit must not be what drops one.
        DEVICE_MESSAGES_PER_MINUTE: '0',
        INGEST_LINGER_MS: '10',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(work, 'no-web'),
        MAP_TILE_URL: 'none',
        MAP_GEOCODER_URL: 'none',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let alive = true;
    const exited = new Promise<void>((done) => child.once('exit', () => ((alive = false), done())));
    const server: ServerProcess = { name, port: ports[name], child, exited, output: () => output };
    servers.set(name, server);
    try {
      await waitForPort(ports[name], 60_000, () => alive);
    } catch (error) {
      throw new Error(`server ${name} did not start: ${(error as Error).message}\n${output.slice(-3000)}`);
    }
    return server;
  };

  const stopServer = async (server: ServerProcess | undefined, signal: NodeJS.Signals) => {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill(signal);
    await server.exited;
  };

  /** A request through the proxy; `node` pins it to one process with HAProxy's cookie. */
  const call = async (path: string, init: { method?: string; body?: unknown; node?: 'a' | 'b'; client?: string } = {}) => {
    const response = await fetch(proxy(path), {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        'content-type': 'application/json',
        ...(token ? { 'x-access-token': token } : {}),
        ...(init.node ? { cookie: `CSNODE=${init.node}` } : {}),
        ...(init.client ? { 'x-forwarded-for': init.client } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    let body: { success?: boolean; code?: number; message?: string; result?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // a non-JSON answer is reported by the assertion that reads it
    }
    return { status: response.status, body, server: response.headers.get('set-cookie') };
  };

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`the scale-out test must run in CI, but ${missing.join(', ')} is missing`);
    // A fresh database on the machine's PostgreSQL.
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();

    broker = await startMosquitto();
    [ports.a, ports.b, proxyPort] = [await freePort(), await freePort(), await freePort()];

    const config = join(work, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 256',
        'defaults',
        '  mode http',
        '  option forwardfor',
        '  timeout connect 2s',
        '  timeout client 60s',
        '  timeout server 60s',
        // Websockets are tunnels after the upgrade.
        '  timeout tunnel 120s',
        'frontend console',
        `  bind 127.0.0.1:${proxyPort}`,
        '  default_backend servers',
        'backend servers',
        '  balance roundrobin',
        // Sticky sessions as a browser gets them: the proxy's cookie names the process.
        '  cookie CSNODE insert indirect nocache',
        `  server a 127.0.0.1:${ports.a} cookie a check inter 500 fall 1 rise 1`,
        `  server b 127.0.0.1:${ports.b} cookie b check inter 500 fall 1 rise 1`,
        '',
      ].join('\n'),
    );
    const check = spawnSync(haproxyBinary!, ['-c', '-f', config], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
    haproxy = spawn(haproxyBinary!, ['-db', '-f', config], { stdio: 'ignore' });

    // Both at once on the new database, as a compose file starts them: one migrates and seeds, the other waits.
    await Promise.all([startServer('a'), startServer('b')]);
    await waitForPort(proxyPort, 5_000);
    // Until the proxy's health checks have found both processes (it answers 503 before).
    for (const node of ['a', 'b'] as const) {
      await waitUntil(`process ${node} through the proxy`, async () => (await fetch(proxy('/boot/health'), { headers: { cookie: `CSNODE=${node}` } })).status, (status) => status === 200, 10_000);
    }
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // A job firing every second from now on (processes read the job table every 5 s); its runs are
    // checked last, after both processes have had it for a while.
    const signIn = await call('/boot/sys/login', { body: { username: 'admin', password: adminPassword }, node: 'a', client: '198.51.100.20' });
    token = (signIn.body.result as { token: string } | undefined)?.token ?? '';
    const added = await call('/boot/sys/quartzJob/add', { body: { jobClassName: 'scheduler.heartbeat', cronExpression: '* * * * * ?', parameter: 'scale-out', status: 0 }, node: 'a' });
    if (!added.body.success) throw new Error(`the test job was not added: ${JSON.stringify(added.body)}`);
  }, 150_000);

  afterAll(async () => {
    socket?.close();
    await db?.end().catch(() => undefined);
    await Promise.all([...servers.values()].map((server) => stopServer(server, 'SIGKILL')));
    haproxy?.kill('SIGKILL');
    await broker?.stop();
    const cleanup = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    cleanup.on('error', () => undefined);
    await cleanup
      .connect()
      .then(async () => {
        const keys = await cleanup.keys(`${redisPrefix}*`);
        if (keys.length > 0) await cleanup.del(...keys);
      })
      .catch(() => undefined);
    cleanup.disconnect();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }, 30_000);

  it('counts sign-in attempts and failed sign-ins over both processes', async () => {
    // The address-wide limit (LOGIN_RATE_LIMIT=8 a minute): attempts alternate between the processes.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await call('/boot/sys/login', { body: { username: `nobody${i}`, password: 'Wrong-pass-1' }, node: i % 2 === 0 ? 'a' : 'b', client: '198.51.100.7' });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 8).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);

    // Five wrong passwords for one name from one address, spread over both: the sixth waits, on either.
    for (let i = 0; i < 5; i++) {
      const answer = await call('/boot/sys/login', { body: { username: 'admin', password: 'Wrong-pass-1' }, node: i % 2 === 0 ? 'b' : 'a', client: '198.51.100.8' });
      expect(answer.body.code).toBe(ServerCode.WRONG_CREDENTIALS);
    }
    const waiting = await call('/boot/sys/login', { body: { username: 'admin', password: adminPassword }, node: 'a', client: '198.51.100.8' });
    expect(waiting).toMatchObject({ status: 429, body: { code: ServerCode.TOO_MANY_REQUESTS } });
    // Another address is not held back.
    const signedIn = await call('/boot/sys/login', { body: { username: 'admin', password: adminPassword }, node: 'a', client: '198.51.100.9' });
    expect(signedIn.body.success).toBe(true);
  }, 30_000);

  it('shows a console on A what B ingested, and stores QoS 1 telemetry exactly once although B is killed while ingesting', async () => {
    expect(token).not.toBe('');

    // The console's live socket, through the proxy, pinned to A.
    socket = new WebSocket(`ws://127.0.0.1:${proxyPort}/boot/websocket?token=${encodeURIComponent(token)}`, { headers: { cookie: 'CSNODE=a' } });
    socket.on('message', (raw) => heard.push(JSON.parse(String(raw)) as LiveEvent));
    await new Promise<void>((done, fail) => {
      socket!.once('open', () => done());
      socket!.once('error', fail);
    });

    const fleet: LoggerCredentials[] = fleetCredentials({ loggers: 6, batteriesPerLogger: 2, seed: tag, prefix: 'SO' });
    const registered = await registerFleet({ server: `http://127.0.0.1:${proxyPort}`, username: 'admin', password: adminPassword, credentials: fleet, timezone: 'UTC' });
    expect(registered.registered).toBe(fleet.length);

    const stored = () => count(`select count(*) as n from tb_battery_sample where battery_sn like 'SIMSO%'`);
    // Phase 1, both processes up: every logger's readings reach the console on A.
    const firstSamples = 6 * 2 * 100;
    const first = await publishLoad({ mqttUrl: broker!.url, credentials: fleet, totalSamples: firstSamples, samplesPerMessage: 10, inflightPerLogger: 4, startTs: Date.now() - 600_000, timeoutMs: 20_000 });
    expect(first.puback).toBe(first.published);
    await waitUntil('the first samples stored', stored, (n) => n === firstSamples, 15_000);
    await waitUntil(
      'readings of every logger heard on A',
      async () => new Set(heard.filter((e) => e.event === 'battery.reading').flatMap((e) => (e.data.loggers as { gsn: string }[]).map((l) => l.gsn))).size,
      (n) => n === fleet.length,
      5_000,
    );

    // Phase 2: more telemetry; B is killed with SIGKILL while it is ingesting.
    const secondSamples = 6 * 2 * 1000;
    // Published after the kill: the broker keeps handing every second message to B's offline session.
    const thirdSamples = 6 * 2 * 50;
    const total = firstSamples + secondSamples + thirdSamples;
    const load = publishLoad({ mqttUrl: broker!.url, credentials: fleet, totalSamples: secondSamples, samplesPerMessage: 10, inflightPerLogger: 2, startTs: Date.now() - 300_000, timeoutMs: 30_000 });
    // Killed as soon as the new samples are being stored (polled closely: a slow look could find them all stored).
    const underWay = Date.now() + 15_000;
    while ((await stored()) < firstSamples + 500) {
      if (Date.now() > underWay) throw new Error('the second load was not being stored within 15 s');
      await sleep(10);
    }
    const b = servers.get('b')!;
    await stopServer(b, 'SIGKILL');
    const atKill = await stored();
    expect(atKill).toBeLessThan(firstSamples + secondSamples);
    const second = await load;
    expect(second.puback).toBe(second.published);
    const third = await publishLoad({ mqttUrl: broker!.url, credentials: fleet, totalSamples: thirdSamples, samplesPerMessage: 10, inflightPerLogger: 2, startTs: Date.now() - 60_000, timeoutMs: 10_000 });
    expect(third.puback).toBe(third.published);
    // A stores its share; B's share (what it held unacknowledged and what Mosquitto kept queuing for
    // its persistent session) waits in the broker for B.
    // Settled: no new row for a second (A's batches are 10 ms apart while it has work).
    let last = { n: -1, since: Date.now() };
    const settled = await waitUntil(
      "A's share stored",
      async () => {
        const now = await stored();
        if (now !== last.n) last = { n: now, since: Date.now() };
        return { now, steady: Date.now() - last.since >= 1000 };
      },
      (value) => value.steady,
      20_000,
    );
    expect(settled.now).toBeGreaterThan(atKill);
    expect(settled.now).toBeLessThan(total);
    // The socket on A lives on: it was never on B.
    expect(socket.readyState).toBe(WebSocket.OPEN);

    // What was stored before B comes back; anything A hears of other readings, B ingested.
    const before = new Set(
      (await db!.query<{ gsn: string; ts: string }>(`select split_part(battery_sn, '-', 1) as gsn, (extract(epoch from ts) * 1000)::bigint as ts from tb_battery_sample where battery_sn like 'SIMSO%'`)).rows.map((row) => `${row.gsn}|${row.ts}`),
    );
    const heardFrom = heard.length;
    await startServer('b');
    await waitUntil('every sample stored after B drained its session', stored, (n) => n === total, 20_000);
    const fromB = await waitUntil(
      'readings ingested by B heard on A',
      async () =>
        heard
          .slice(heardFrom)
          .filter((e) => e.event === 'battery.reading')
          .flatMap((e) => (e.data.loggers as { gsn: string; ts: number }[]).map((l) => `${l.gsn}|${l.ts}`))
          .filter((key) => !before.has(key)),
      (keys) => keys.length > 0,
      5_000,
    );
    expect(fromB.length).toBeGreaterThan(0);
    process.stdout.write(`scale-out: B killed with ${atKill - firstSamples} of ${secondSamples} samples stored; A alone stored up to ${settled.now} of ${total}; B drained the rest after its restart\n`);

    // Exactly once: every (battery, ts) published is there, none twice, and the rollups counted each once.
    const perBattery = await db!.query<{ battery_sn: string; n: string }>(`select battery_sn, count(*) as n from tb_battery_sample where battery_sn like 'SIMSO%' group by battery_sn order by battery_sn`);
    expect(perBattery.rows).toEqual(fleet.flatMap((logger) => logger.batterySns).sort().map((sn) => ({ battery_sn: sn, n: String(total / 12) })));
    expect(await count(`select count(distinct (battery_sn, ts)) as n from tb_battery_sample where battery_sn like 'SIMSO%'`)).toBe(total);
    expect(await count(`select coalesce(sum(samples), 0) as n from tb_battery_rollup where battery_sn like 'SIMSO%' and period = '1h'`)).toBe(total);
    expect(await count(`select coalesce(sum(samples), 0) as n from tb_battery_rollup where battery_sn like 'SIMSO%' and period = '5m'`)).toBe(total);
  }, 120_000);

  it('runs each firing of a scheduled job on one process', async () => {
    const runs = await waitUntil(
      'firings claimed by more than one process',
      async () => (await db!.query<{ fire_time: Date; process: string; outcome: string }>(`select r.fire_time, r.process, r.outcome from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id where j.job_class_name = 'scheduler.heartbeat' order by r.fire_time`)).rows,
      // At least two: B's process before the kill may have claimed firings too, then its restart.
      (rows) => new Set(rows.map((row) => row.process)).size >= 2 && rows.length >= 6,
      15_000,
    );
    const fireTimes = runs.map((row) => row.fire_time.getTime());
    expect(new Set(fireTimes).size).toBe(fireTimes.length);
    expect(runs.every((row) => row.outcome !== 'failed')).toBe(true);
  }, 30_000);
});
