#!/usr/bin/env node
// `npm run bench:ingest`: how many battery samples per second Cellsight stores durably, in one run:
//   (a) raw broker throughput, no database: publishers -> broker -> a plain mqtt.js subscriber that counts;
//   (b) samples/s committed by the server, p50/p99 latency from publish to commit, peak server RSS, RSS marks;
//   (c) the ceiling (postgres configuration): the minimal pipeline of scripts/lib/ingest-ceiling.mjs on the
//       same broker and database server, with the product's durability (PUBACK after commit) but no
//       rollups and no device state: what this machine allows, to hold (b) against;
//   and the ratios (b)/(a) and (b)/(c). Two configurations (both by default):
//   embedded  PGlite + the embedded aedes broker (raw phase: a standalone aedes process)
//   postgres  PostgreSQL (a fresh database) + a private Mosquitto with docs/deploy/mosquitto.conf settings
//
// Load model (both phases, both configurations): every simulated logger keeps at most --inflight
// messages "not yet committed" and publishes the next as soon as one commits (closed loop), so the
// broker backlog stays bounded and the figure is a sustainable rate, not a burst into a queue.
// "Committed" means:
//   raw phase          the counting subscriber received the message;
//   embedded (b)       the PUBACK arrived: the embedded broker sends it only after the database commit;
//   postgres (b)       a poller (every --poll-ms) read tb_battery.last_ts, which is updated in the same
//                      transaction as the samples: a logger's message counts as committed once every
//                      battery's last_ts reached the message's newest timestamp. (With Mosquitto the PUBACK
//                      comes from the broker on receipt and says nothing about the database.)
// Latency = commit time - publish time per message, for messages published after the warm-up.
// With --live-browser, Debian's Chromium signs in as the administrator and opens the battery list
// during phase (b); the page records when each `battery.reading` websocket message reaches its
// JavaScript, and a message's live latency is that moment minus its publish time (wall clocks of
// the same machine): publish -> broker -> validation -> commit -> gathering -> websocket -> page.
// After the run, every published sample is counted in the database (nothing lost, nothing twice).
/* eslint-disable no-console -- a command-line tool: its report is its output */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { freePort, sleep } from './lib/local-net.mjs';
import { deploySettings } from './lib/mosquitto-settings.mjs';

register();
const { fleetCredentials, registerFleet, BatteryModel } = await import('@cellsight/simulator');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminPassword = 'Bench12345';

const { values: args } = parseArgs({
  options: {
    config: { type: 'string', default: 'postgres,embedded' },
    seconds: { type: 'string', default: '60' },
    'raw-seconds': { type: 'string', default: '15' },
    warmup: { type: 'string' },
    loggers: { type: 'string', default: '100' },
    batteries: { type: 'string', default: '4' },
    'samples-per-message': { type: 'string', default: '10' },
    inflight: { type: 'string', default: '20' },
    rate: { type: 'string', default: '0' },
    'poll-ms': { type: 'string', default: '50' },
    'rss-every': { type: 'string', default: '60' },
    'batch-size': { type: 'string' },
    'linger-ms': { type: 'string' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'skip-raw': { type: 'boolean', default: false },
    'ceiling-seconds': { type: 'string' },
    'skip-ceiling': { type: 'boolean', default: false },
    'live-browser': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'server-log': { type: 'string', default: 'warn' },
    'server-root': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:ingest -- [options]
  --config postgres,embedded   configurations to run (default both)
  --seconds 60                 length of the stored-throughput phase (b); 300 for the memory-flat check
  --raw-seconds 15             length of the raw broker phase (a)
  --warmup <s>                 not measured at the start of each phase (default 10 % of it, at least 5 s)
  --loggers 100 --batteries 4 --samples-per-message 10
  --inflight 20                messages per logger not yet committed (closed loop)
  --rate 0                     offered samples/s over the fleet (0 = as fast as the closed loop allows)
  --poll-ms 50                 commit poll interval (postgres configuration)
  --rss-every 60               seconds between RSS marks
  --batch-size N --linger-ms N INGEST_BATCH_SIZE / INGEST_LINGER_MS of the server
  --database-url URL           PostgreSQL server (a fresh database is created and dropped)
  --skip-raw                   skip phase (a)
  --ceiling-seconds <s>        length of the ceiling phase (c), postgres only (default: --seconds)
  --skip-ceiling               skip phase (c)
  --live-browser               measure publish -> websocket message in a signed-in Chromium page
                               (/usr/bin/chromium; build the console first: npm run build -w @cellsight/web)
  --cpu-prof                   profile the server (node --cpu-prof) and print where its CPU time goes
  --server-log warn            the server's LOG_LEVEL; its last lines are printed when it logged anything
  --server-root DIR            run the server of another checkout (e.g. a git worktree of an older
                               commit, npm ci done there): its build when it has one, else its
                               TypeScript through tsx, as commits before the server build started it`);
  process.exit(0);
}

const num = (name) => {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
};
const opts = {
  configs: args.config.split(',').map((c) => c.trim()).filter(Boolean),
  seconds: num('seconds'),
  rawSeconds: num('raw-seconds'),
  ceilingSeconds: args['ceiling-seconds'] !== undefined ? num('ceiling-seconds') : num('seconds'),
  loggers: num('loggers'),
  batteries: num('batteries'),
  spm: num('samples-per-message'),
  inflight: num('inflight'),
  rate: num('rate'),
  pollMs: num('poll-ms'),
  rssEvery: num('rss-every'),
  liveBrowser: args['live-browser'],
};
for (const c of opts.configs) if (c !== 'postgres' && c !== 'embedded') throw new Error(`unknown configuration ${c}`);
const warmupFor = (seconds) => (args.warmup !== undefined ? Number(args.warmup) : Math.max(5, seconds * 0.1));

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @type {Set<ChildProcess>} */
const children = new Set();
/** @type {(() => Promise<void>)[]} */
const cleanups = [];

/**
 * @param {number} port
 * @param {ChildProcess} child
 */
const waitForPort = async (port, child, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((done) => {
      const socket = net.createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), done(true)));
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`process ${child.pid} exited before listening on ${port}`);
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await sleep(50);
  }
};

/**
 * @template {ChildProcess} T
 * @param {T} child
 * @returns {T}
 */
const track = (child) => {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
};

/**
 * `signal`, then SIGKILL after `graceMs`; resolves once the child has exited.
 * @param {ChildProcess} child
 * @param {NodeJS.Signals} [signal]
 */
const stopChild = async (child, signal = 'SIGTERM', graceMs = 30_000) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
};

const readStatus = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
};

const clockTicks = 100;
/** CPU seconds used so far by a process (user + system). */
const cpuSeconds = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
};
/** Machine-wide CPU ticks from /proc/stat: busy, idle, steal (the hypervisor gave the time to someone else). */
const machineTicks = () => {
  // The first line: `cpu  user nice system idle iowait irq softirq steal guest guest_nice`.
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [label, ...fields] = line.trim().split(/\s+/);
  if (label !== 'cpu' || fields.length < 8) throw new Error(`/proc/stat does not start with the machine's CPU ticks: ${line}`);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = /** @type {[number, number, number, number, number, number, number, number]} */ (fields.map(Number));
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
};

/**
 * CPU seconds of the PostgreSQL server (every client of it included): all live postgres processes,
 * plus what the postmaster collected from backends that have exited (cutime + cstime), so pool
 * connections that come and go are counted.
 */
const postgresCpuSeconds = () => {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / clockTicks;
      const parent = fields[1];
      const parentIsPostgres = existsSync(`/proc/${parent}/comm`) && readFileSync(`/proc/${parent}/comm`, 'utf8').trim() === 'postgres';
      if (!parentIsPostgres) total += (Number(fields[13]) + Number(fields[14])) / clockTicks;
    } catch {
      // gone
    }
  }
  return total;
};

/**
 * A broker of the benchmark: its address, its process, whether it has shared subscriptions.
 * @typedef {{ kind: string, url: string, pid: number | undefined, share: boolean, stop: () => Promise<void> }} Broker
 */

/** @returns {Promise<Broker>} */
async function startMosquitto() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cellsight-bench-mosquitto-'));
  const conf = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'persistence true',
    `persistence_location ${dir}/`,
    `user ${os.userInfo().username}`,
    `log_dest file ${dir}/mosquitto.log`,
    'log_type error',
    'log_type warning',
    ...deploySettings(),
  ];
  writeFileSync(path.join(dir, 'mosquitto.conf'), `${conf.join('\n')}\n`);
  const child = track(spawn('/usr/sbin/mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' }));
  await waitForPort(port, child);
  return {
    kind: 'mosquitto',
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid,
    share: true,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A standalone aedes (the embedded broker's library) for the raw phase of the embedded configuration.
 * @returns {Promise<Broker>}
 */
async function startAedes() {
  const port = await freePort();
  const script = `
    import net from 'node:net';
    import { Aedes } from 'aedes';
    const broker = new Aedes({ heartbeatInterval: 60000, connectTimeout: 30000 });
    await broker.listen();
    net.createServer(broker.handle).listen(${port}, '127.0.0.1');`;
  const child = track(spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'ignore' }));
  await waitForPort(port, child);
  return { kind: 'aedes', url: `mqtt://127.0.0.1:${port}`, pid: child.pid, share: false, stop: () => stopChild(child) };
}

/**
 * The environment defaults that the checkout's `npm start` sets (`NAME=${NAME:-value}`, e.g. the
 * allocator's MALLOC_ARENA_MAX), so the server runs as it ships; the caller's environment wins.
 * @param {string} serverRoot
 * @returns {Record<string, string>}
 */
function startScriptDefaults(serverRoot) {
  const start = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')).scripts?.start ?? '';
  return Object.fromEntries([...start.matchAll(/\b([A-Z_][A-Z0-9_]*)=\$\{\1:-([^}]*)\}/g)].map(([, name, value]) => [name, value]));
}

/**
 * @param {Record<string, string>} env
 * @param {string | null} profileDir
 */
async function startServer(env, profileDir) {
  const port = await freePort();
  // The server as it ships: its build (`npm run bench:ingest` builds it first), or another checkout's.
  const serverRoot = args['server-root'] ? path.resolve(args['server-root']) : root;
  const built = existsSync(path.join(serverRoot, 'apps/server/dist/server.js'));
  const entry = built ? ['--enable-source-maps', 'apps/server/dist/server.js'] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const nodeArgs = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...entry];
  const child = track(
    spawn(process.execPath, nodeArgs, {
      cwd: serverRoot,
      env: {
        ...startScriptDefaults(serverRoot),
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: args['server-log'],
        DEMO: '',
        DATABASE_URL: '',
        MQTT_URL: '',
        MQTT_HOST: '127.0.0.1',
        // Each simulated logger publishes as fast as it is acknowledged: far over a real logger's budget.
        DEVICE_MESSAGES_PER_MINUTE: '0',
        ...(args['batch-size'] ? { INGEST_BATCH_SIZE: args['batch-size'] } : {}),
        ...(args['linger-ms'] ? { INGEST_LINGER_MS: args['linger-ms'] } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/boot/sys/public/config`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await sleep(100);
  }
  return { url, pid: child.pid, child, output: () => output };
}

// ---------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------

const sampleTail = (batterySn) => {
  const json = JSON.stringify(new BatteryModel({ batterySn, role: 'master', timeZone: 'UTC', seed: 'bench' }).sample(0));
  if (!json.startsWith('{"ts":0')) throw new Error('sample JSON must start with ts');
  return json.slice('{"ts":0'.length);
};

const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);

/**
 * A simulated logger of a load: its connection, and the messages it published not yet committed.
 * @typedef {object} Logger
 * @property {string} gsn
 * @property {import('mqtt').MqttClient} client
 * @property {string} topic
 * @property {string[]} tails each battery's sample JSON after its `ts`
 * @property {number} nextSeq
 * @property {number} committedUpTo
 * @property {number} outstanding
 * @property {Map<number, number>} sent seq -> performance.now() when published
 * @property {Map<number, number>} sentWall seq -> Date.now() when published (--live-browser)
 * @property {number} seenUpTo
 */

/**
 * Runs the closed-loop load for `seconds`. `commitBy`: 'puback', or 'external' (the caller calls
 * `commitUpTo(gsn, seq)` / `commitMessage(gsn, seq)`). Returns live counters and `finish()`.
 * @param {object} options
 * @param {string} options.url
 * @param {{ gsn: string, password: string | undefined, batterySns: string[] }[]} options.credentials
 * @param {'puback' | 'external'} options.commitBy
 * @param {number} options.baseTs the first sample's time (ms)
 * @param {boolean} [options.clean]
 */
async function createLoad({ url, credentials, commitBy, baseTs, clean = true }) {
  const { spm, inflight } = opts;
  const first = credentials[0];
  if (!first) throw new Error('no loggers to publish: --loggers must be at least 1');
  const B = first.batterySns.length;
  const loggers = await Promise.all(
    credentials.map(
      /** @returns {Promise<Logger>} */
      (c) =>
        new Promise((resolve, reject) => {
          const client = mqtt.connect(url, {
            clientId: c.gsn,
            username: c.gsn,
            password: c.password,
            protocolVersion: 4,
            clean,
            keepalive: 30,
            reconnectPeriod: 0,
            connectTimeout: 20_000,
          });
          client.once('connect', () =>
            resolve({
              gsn: c.gsn,
              client,
              topic: `cs/v1/${c.gsn}/telemetry`,
              tails: c.batterySns.map(sampleTail),
              nextSeq: 0,
              committedUpTo: -1,
              outstanding: 0,
              sent: new Map(),
              sentWall: new Map(),
              seenUpTo: -1,
            }),
          );
          client.once('error', (error) => reject(new Error(`${c.gsn}: ${error.message}`)));
        }),
    ),
  );
  const byGsn = new Map(loggers.map((l) => [l.gsn, l]));
  const state = {
    running: false,
    published: 0,
    publishedSamples: 0,
    committedSamples: 0,
    /** @type {number[]} publish -> commit, ms, of the messages published after the warm-up */
    latencies: [],
    measureFrom: Infinity,
    errors: 0,
    tokens: 0,
    /** @type {number[]} publish -> the page heard it, ms (--live-browser) */
    liveLatencies: [],
    measureFromWall: Infinity,
  };
  const maxTs = (seq) => baseTs + Math.floor(((seq + 1) * spm - 1) / B);

  const build = (logger, seq) => {
    const parts = new Array(spm);
    for (let k = 0; k < spm; k++) {
      const n = seq * spm + k;
      parts[k] = `{"ts":${baseTs + Math.floor(n / B)}${logger.tails[n % B]}`;
    }
    return `{"v":1,"seq":${seq},"samples":[${parts.join(',')}]}`;
  };

  const commit = (logger, seq, at) => {
    const sentAt = logger.sent.get(seq);
    if (sentAt === undefined) return;
    logger.sent.delete(seq);
    logger.outstanding--;
    state.committedSamples += spm;
    if (sentAt >= state.measureFrom) state.latencies.push(at - sentAt);
    pump(logger);
  };

  const pump = (logger) => {
    while (state.running && logger.outstanding < inflight) {
      if (opts.rate > 0) {
        if (state.tokens < spm) return;
        state.tokens -= spm;
      }
      const seq = logger.nextSeq++;
      logger.outstanding++;
      logger.sent.set(seq, performance.now());
      if (opts.liveBrowser) logger.sentWall.set(seq, Date.now());
      state.published++;
      state.publishedSamples += spm;
      logger.client.publish(logger.topic, build(logger, seq), { qos: 1 }, (error) => {
        if (error) {
          state.errors++;
          return;
        }
        if (commitBy === 'puback') commit(logger, seq, performance.now());
      });
    }
  };

  let rateTimer = null;
  return {
    state,
    loggers,
    start() {
      state.running = true;
      if (opts.rate > 0) {
        rateTimer = setInterval(() => {
          state.tokens = Math.min(state.tokens + opts.rate / 100, opts.rate / 10);
          for (const logger of loggers) pump(logger);
        }, 10);
      }
      for (const logger of loggers) pump(logger);
    },
    stopPublishing() {
      state.running = false;
      if (rateTimer) clearInterval(rateTimer);
    },
    outstanding: () => loggers.reduce((n, l) => n + l.outstanding, 0),
    /** The message `seq` of `gsn` has been consumed. */
    commitMessage(gsn, seq) {
      const logger = byGsn.get(gsn);
      if (logger) commit(logger, seq, performance.now());
    },
    /** Every message of `gsn` whose newest sample is at or before `watermark` is committed. */
    commitUpTo(gsn, watermark) {
      const logger = byGsn.get(gsn);
      if (!logger) return;
      const at = performance.now();
      while (logger.committedUpTo + 1 < logger.nextSeq && maxTs(logger.committedUpTo + 1) <= watermark) {
        logger.committedUpTo++;
        commit(logger, logger.committedUpTo, at);
      }
    },
    /** The browser heard at wall time `at` that `gsn`'s readings up to sample time `ts` are stored. */
    seen(gsn, ts, at) {
      const logger = byGsn.get(gsn);
      if (!logger) return;
      while (logger.seenUpTo + 1 < logger.nextSeq && maxTs(logger.seenUpTo + 1) <= ts) {
        logger.seenUpTo++;
        const sentAt = logger.sentWall.get(logger.seenUpTo);
        logger.sentWall.delete(logger.seenUpTo);
        if (sentAt !== undefined && sentAt >= state.measureFromWall) state.liveLatencies.push(at - sentAt);
      }
    },
    /** Messages published in the measured window that no browser message has named yet. */
    unseen: () => loggers.reduce((n, l) => n + [...l.sentWall.values()].filter((at) => at >= state.measureFromWall).length, 0),
    async close() {
      if (rateTimer) clearInterval(rateTimer);
      await Promise.all(loggers.map((l) => l.client.endAsync(false).catch(() => undefined)));
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof createLoad>>} Load */

/**
 * Drives a load for `seconds`; samples throughput and RSS; waits for the backlog to drain.
 * @param {Load} load
 * @param {number} seconds
 * @param {object} [watch]
 * @param {number | undefined} [watch.rssPid] the process whose RSS and CPU are the server's
 * @param {number | undefined} [watch.brokerPid]
 * @param {(() => Promise<void>) | undefined} [watch.poll] finds what was committed, at every tick
 * @param {LiveBrowser | null} [watch.live]
 */
async function drive(load, seconds, { rssPid, brokerPid, poll, live } = {}) {
  const warmup = warmupFor(seconds);
  const started = performance.now();
  const marks = [];
  const rssSamples = [];
  const cpu = () => ({
    at: performance.now(),
    server: rssPid ? cpuSeconds(rssPid) : 0,
    broker: brokerPid ? cpuSeconds(brokerPid) : 0,
    postgres: postgresCpuSeconds(),
    bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    machine: machineTicks(),
  });
  let window = null;
  const initial = cpu();
  load.start();
  let nextMark = opts.rssEvery;
  let lastMarkSamples = 0;
  let lastMarkAt = started;
  while ((performance.now() - started) / 1000 < seconds) {
    await sleep(Math.min(opts.pollMs, 250));
    if (poll) await poll();
    const elapsed = (performance.now() - started) / 1000;
    if (!window && elapsed >= warmup) {
      load.state.measureFrom = performance.now();
      load.state.measureFromWall = Date.now();
      window = { from: performance.now(), samples: load.state.committedSamples, cpu: cpu() };
    }
    if (rssPid && rssSamples.length < elapsed) rssSamples.push(readStatus(rssPid).rss);
    if (elapsed >= nextMark) {
      const now = performance.now();
      marks.push({
        at: Math.round(elapsed),
        rss: rssPid ? readStatus(rssPid).rss : 0,
        brokerRss: brokerPid ? readStatus(brokerPid).rss : 0,
        rate: ((load.state.committedSamples - lastMarkSamples) * 1000) / (now - lastMarkAt),
      });
      lastMarkSamples = load.state.committedSamples;
      lastMarkAt = now;
      nextMark += opts.rssEvery;
    }
  }
  window ??= { from: started, samples: 0, cpu: initial };
  const end = { at: performance.now(), samples: load.state.committedSamples, cpu: cpu() };
  load.stopPublishing();
  const hwm = rssPid ? readStatus(rssPid).hwm : 0;
  // Drain: everything published gets committed (or the run reports what did not).
  const drainStart = performance.now();
  while (load.outstanding() > 0 && performance.now() - drainStart < 120_000) {
    await sleep(opts.pollMs);
    if (poll) await poll();
  }
  const windowSeconds = (end.at - window.from) / 1000;
  const sorted = Float64Array.from(load.state.latencies).sort();
  if (live) {
    // The last gathering interval and the page's last report come after the drain.
    await sleep(2_000);
    await live.collect();
  }
  const liveSorted = Float64Array.from(load.state.liveLatencies).sort();
  const cpuShare = (key) => (end.cpu[key] - window.cpu[key]) / windowSeconds;
  const ticks = (key) => end.cpu.machine[key] - window.cpu.machine[key];
  const allTicks = ticks('busy') + ticks('idle') + ticks('steal');
  return {
    rate: (end.samples - window.samples) / windowSeconds,
    windowSeconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    live: live ? { p50: percentile(liveSorted, 50), p99: percentile(liveSorted, 99), max: liveSorted.at(-1), measured: liveSorted.length, unseen: load.unseen(), messages: live.messages() } : null,
    publishedSamples: load.state.publishedSamples,
    committedSamples: load.state.committedSamples,
    notCommitted: load.outstanding() * opts.spm,
    drainSeconds: (performance.now() - drainStart) / 1000,
    errors: load.state.errors,
    marks,
    hwm,
    rssSamples,
    cpu: { server: cpuShare('server'), broker: cpuShare('broker'), postgres: cpuShare('postgres'), bench: cpuShare('bench') },
    machine: { busy: ticks('busy') / allTicks, idle: ticks('idle') / allTicks, steal: ticks('steal') / allTicks },
  };
}

/**
 * A `battery.reading` message as the page heard it: when (Date.now() there), and its loggers' newest readings.
 * @typedef {[at: number, loggers: { gsn: string, ts: number }[]]} LiveArrival
 */
/** @typedef {typeof globalThis & { __liveReadings: LiveArrival[] }} LivePageGlobal the page's global object, with what its init script keeps */

/**
 * Chromium signed in as the administrator on the battery list; the page's WebSocket records when
 * each `battery.reading` message arrives (Date.now() in the page's own JavaScript). `collect()`
 * hands the arrivals to the load every 250 ms.
 * @param {string} serverUrl
 * @param {Load} load
 */
async function openLiveBrowser(serverUrl, load) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('--live-browser needs the built console: npm run build -w @cellsight/web');
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage({ baseURL: serverUrl });
  // The functions below run in the page, where globalThis is the window (Node's WebSocket type is
  // the browser's: both are the WHATWG one).
  await page.addInitScript(() => {
    /** @type {LiveArrival[]} */
    const heard = [];
    const pageGlobal = /** @type {LivePageGlobal} */ (globalThis);
    pageGlobal.__liveReadings = heard;
    const Native = pageGlobal.WebSocket;
    pageGlobal.WebSocket = class extends Native {
      /** @param {ConstructorParameters<typeof WebSocket>} parameters */
      constructor(...parameters) {
        super(...parameters);
        this.addEventListener('message', (message) => {
          const at = Date.now();
          if (typeof message.data === 'string' && message.data.startsWith('{"event":"battery.reading"')) heard.push([at, JSON.parse(message.data).data.loggers]);
        });
      }
    };
  });
  await page.goto('/user/login');
  await page.getByRole('textbox', { name: 'User name', exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
  await page.goto('/battery/index');
  await page.getByRole('table').first().waitFor();
  let messages = 0;
  const collect = async () => {
    const arrivals = await page.evaluate(() => /** @type {LivePageGlobal} */ (globalThis).__liveReadings.splice(0));
    messages += arrivals.length;
    for (const [at, loggers] of arrivals) for (const { gsn, ts } of loggers) load.seen(gsn, ts, at);
  };
  const timer = setInterval(() => void collect().catch(() => undefined), 250);
  return {
    collect,
    messages: () => messages,
    async close() {
      clearInterval(timer);
      await browser.close();
    },
  };
}
/** @typedef {Awaited<ReturnType<typeof openLiveBrowser>>} LiveBrowser */

// ---------------------------------------------------------------------------------------------
// Phases
// ---------------------------------------------------------------------------------------------

const credentialsFor = (prefix) =>
  fleetCredentials({ loggers: opts.loggers, batteriesPerLogger: opts.batteries, seed: 'bench', prefix }).map((c) => ({
    ...c,
    // anonymous test brokers ignore it; the embedded broker checks it
    password: undefined,
  }));

async function rawPhase(broker) {
  const credentials = credentialsFor('R');
  const subscriber = await mqtt.connectAsync(broker.url, { clientId: `bench-counter-${process.pid}`, clean: true, protocolVersion: 4 });
  const load = await createLoad({ url: broker.url, credentials, commitBy: 'external', baseTs: Date.now() - 20 * 86400_000 });
  const seqRe = /"seq":(\d+)/;
  subscriber.on('message', (topic, payload) => {
    const gsn = topic.split('/')[2];
    const match = seqRe.exec(payload.subarray(0, 40).toString());
    if (gsn && match) load.commitMessage(gsn, Number(match[1]));
  });
  await subscriber.subscribeAsync(broker.share ? '$share/bench/cs/v1/+/telemetry' : 'cs/v1/+/telemetry', { qos: 1 });
  try {
    return await drive(load, opts.rawSeconds, { brokerPid: broker.pid });
  } finally {
    await load.close();
    await subscriber.endAsync();
  }
}

/** A new, empty database named `<prefix>_<time>` on --database-url's server: its name and address. */
async function createBenchDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: args['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(args['database-url']);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * (c) The ceiling: the minimal pipeline of scripts/lib/ingest-ceiling.mjs (one subscriber, parse,
 * schema check, binary COPY, insert, PUBACK after commit; no rollups, no device state) on the same
 * broker and PostgreSQL server, with the same payloads, into a new migrated database of its own.
 * Its commits reach the bench over IPC and are counted at the poll ticks, as phase (b)'s are seen
 * by its poll, so both phases carry the same detection delay.
 */
async function ceilingPhase(broker) {
  const { name, url } = await createBenchDatabase('cellsight_bench_ceiling');
  const { openDatabase } = await import('../apps/server/src/db/database.ts');
  const migrated = await openDatabase({ kind: 'postgres', url });
  await migrated.close();
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/ingest-ceiling.mjs'], {
      cwd: root,
      env: { ...process.env, CEILING_MQTT_URL: broker.url, CEILING_DATABASE_URL: url, ...(args['batch-size'] ? { CEILING_BATCH_SIZE: args['batch-size'] } : {}), ...(args['linger-ms'] ? { CEILING_LINGER_MS: args['linger-ms'] } : {}) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  /** @type {[gsn: string, seq: number][][]} */
  const stored = [];
  /** @type {Promise<void>} */
  const ready = new Promise((resolve, reject) => {
    // 'ready' once subscribed, then after each commit the stored messages as [logger, seq] pairs.
    child.on('message', (message) => (message === 'ready' ? resolve() : stored.push(/** @type {[string, number][]} */ (message))));
    child.once('exit', (code) => reject(new Error(`the ceiling pipeline exited (${code})`)));
  });
  await ready;
  const credentials = credentialsFor('C');
  const load = await createLoad({ url: broker.url, credentials, commitBy: 'external', baseTs: Date.now() - 30 * 86400_000 });
  const poll = async () => {
    for (const batch of stored.splice(0)) for (const [gsn, seq] of batch) load.commitMessage(gsn, seq);
  };
  try {
    const result = await drive(load, opts.ceilingSeconds, { rssPid: child.pid, brokerPid: broker.pid, poll });
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query('select count(*)::bigint as n from tb_battery_sample');
    await check.end();
    result.verified = { rows: Number(rows[0].n), published: result.publishedSamples };
    return result;
  } finally {
    await load.close();
    await stopChild(child);
    const cleanup = new pg.Client({ connectionString: args['database-url'] });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

async function summarizeProfile(dir) {
  const [file] = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')) : [];
  if (file === undefined) return null;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  let total = 0;
  const packages = new Map();
  for (const [id, micros] of dt) {
    const node = byId.get(id);
    const frame = node.callFrame;
    const where = frame.url.replace(/^file:\/\//, '').replace(root, '');
    const key = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + micros);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
      (where.startsWith('/apps/') || where.startsWith('/packages/')
        ? where.split('/').slice(0, 4).join('/')
        : where.startsWith('wasm://')
          ? 'WebAssembly (PGlite: PostgreSQL compiled to WASM)'
          : where.startsWith('node:')
            ? 'node:internal'
            : where || frame.functionName || '(native)');
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
    total += micros;
  }
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  return { functions: top(self, 25), packages: top(packages, 15) };
}

async function runConfiguration(kind) {
  const result = { config: kind };
  const teardown = [];
  cleanups.push(async () => {
    for (const fn of teardown.reverse()) await Promise.resolve().then(fn).catch(() => undefined);
  });
  try {
    // (a) raw broker throughput, no database
    /** @type {Broker | null} */
    let broker = kind === 'postgres' ? await startMosquitto() : await startAedes();
    teardown.push(async () => broker?.stop());
    if (!args['skip-raw']) {
      console.error(`[${kind}] (a) raw ${broker.kind} throughput for ${opts.rawSeconds} s ...`);
      result.raw = await rawPhase(broker);
      console.error(`[${kind}] (a) ${Math.round(result.raw.rate)} samples/s`);
    }
    if (kind === 'postgres' && !args['skip-ceiling']) {
      console.error(`[${kind}] (c) ceiling: the minimal pipeline for ${opts.ceilingSeconds} s ...`);
      result.ceiling = await ceilingPhase(broker);
      console.error(`[${kind}] (c) ${Math.round(result.ceiling.rate)} samples/s`);
    }
    // Phase (b) of the postgres configuration runs on the same Mosquitto; the embedded configuration's
    // server has its own broker, so the raw phase's aedes stops.
    const mosquitto = kind === 'postgres' ? broker : null;
    if (kind === 'embedded') {
      await broker.stop();
      broker = null;
    }

    // (b) the server storing durably
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cellsight-bench-'));
    teardown.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const profileDir = args['cpu-prof'] ? path.join(dataDir, 'profile') : null;
    /** @type {{ name: string, url: string } | null} the postgres configuration's database */
    let database = null;
    let env;
    const mqttPort = await freePort();
    if (mosquitto) {
      const created = await createBenchDatabase('cellsight_bench');
      database = created;
      teardown.push(async () => {
        const cleanup = new pg.Client({ connectionString: args['database-url'] });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${created.name} with (force)`);
        await cleanup.end();
      });
      env = { DATA_DIR: dataDir, DATABASE_URL: created.url, MQTT_URL: mosquitto.url, MQTT_PORT: String(mqttPort) };
    } else {
      env = { DATA_DIR: dataDir, MQTT_PORT: String(mqttPort) };
    }
    console.error(`[${kind}] (b) starting the server ...`);
    const server = await startServer(env, profileDir);
    teardown.push(() => stopChild(server.child, 'SIGKILL'));
    const credentials = fleetCredentials({ loggers: opts.loggers, batteriesPerLogger: opts.batteries, seed: 'bench', prefix: 'S' });
    await registerFleet({ server: server.url, username: 'admin', password: adminPassword, credentials, timezone: 'UTC' });
    const { loggerMqttPassword } = await import('@cellsight/contract/device-crypto');
    const fleet = credentials.map((c) => ({ ...c, password: loggerMqttPassword(c.gsn, c.key) }));
    const mqttUrl = mosquitto ? mosquitto.url : `mqtt://127.0.0.1:${mqttPort}`;
    const load = await createLoad({ url: mqttUrl, credentials: fleet, commitBy: kind === 'postgres' ? 'external' : 'puback', baseTs: Date.now() - 10 * 86400_000 });
    let poll;
    /** @type {pg.Client | null} polls the postgres configuration's database, then checks it */
    let watcher = null;
    if (database) {
      const client = new pg.Client({ connectionString: database.url });
      watcher = client;
      await client.connect();
      teardown.push(() => client.end());
      poll = async () => {
        const { rows } = await client.query(
          `select logger_gsn, (extract(epoch from min(last_ts)) * 1000)::bigint as w, count(*)::int as n from tb_battery group by logger_gsn`,
        );
        for (const row of rows) if (row.n === opts.batteries) load.commitUpTo(row.logger_gsn, Number(row.w));
      };
    }
    let live = null;
    if (opts.liveBrowser) {
      console.error(`[${kind}] (b) signing in with Chromium ...`);
      live = await openLiveBrowser(server.url, load);
      teardown.push(() => live.close());
    }
    console.error(`[${kind}] (b) ${opts.loggers} loggers x ${opts.batteries} batteries, ${opts.spm} samples/message, ${opts.seconds} s ...`);
    result.stored = await drive(load, opts.seconds, { rssPid: server.pid, brokerPid: broker?.pid ?? 0, poll, live });
    await load.close();
    result.settings = { batchSize: args['batch-size'] ?? "the server's default", lingerMs: args['linger-ms'] ?? "the server's default" };

    // Verify: every published sample stored, once.
    if (watcher) {
      const { rows } = await watcher.query('select count(*)::bigint as n, count(distinct (battery_sn, ts))::bigint as d from tb_battery_sample');
      result.verified = { rows: Number(rows[0].n), distinct: Number(rows[0].d) };
      await stopChild(server.child, 'SIGTERM');
    } else {
      await stopChild(server.child, 'SIGTERM');
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(path.join(dataDir, 'pgdata'));
      await db.waitReady;
      const { rows } = await db.query('select count(*)::int as n from tb_battery_sample');
      result.verified = { rows: Number(rows[0].n), distinct: Number(rows[0].n) };
      await db.close();
    }
    result.verified.published = result.stored.publishedSamples;
    if (profileDir) result.profile = await summarizeProfile(profileDir);
    result.serverLog = server.output().trim().split('\n').slice(-15);
  } finally {
    cleanups.pop();
    for (const fn of teardown.reverse()) await Promise.resolve().then(fn).catch(() => undefined);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const onSignal = async () => {
  for (const fn of cleanups) await fn().catch(() => undefined);
  for (const child of children) child.kill('SIGKILL');
  process.exit(130);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

const mb = (bytes) => (bytes / 1048576).toFixed(0);
const pct = (x) => `${Math.round(x * 100)} %`;
const fmt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const results = [];
try {
  console.error(
    `bench:ingest on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${mb(os.totalmem())} MB RAM, Node ${process.version}; ` +
      `${opts.loggers} loggers x ${opts.batteries} batteries, ${opts.spm} samples/message, ${opts.inflight} uncommitted messages per logger${opts.rate ? `, offered ${opts.rate} samples/s` : ''}` +
      (args['server-root'] ? `; server of ${path.resolve(args['server-root'])}` : ''),
  );
  for (const kind of opts.configs) results.push(await runConfiguration(kind));
} finally {
  for (const child of children) child.kill('SIGKILL');
}

console.log('');
console.log(`| configuration | (a) raw broker samples/s | (c) ceiling samples/s | (b) stored samples/s | (b)/(a) | (b)/(c) | p50 ms | p99 ms | latency from | peak server RSS (VmHWM) | stored = published |`);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |`);
for (const r of results) {
  const s = r.stored;
  const ok = r.verified.rows === r.verified.published && r.verified.distinct === r.verified.rows;
  console.log(
    `| ${r.config} | ${r.raw ? fmt(r.raw.rate) : '-'} | ${r.ceiling ? fmt(r.ceiling.rate) : '-'} | ${fmt(s.rate)} | ${r.raw ? (s.rate / r.raw.rate).toFixed(2) : '-'} | ${r.ceiling ? (s.rate / r.ceiling.rate).toFixed(2) : '-'} | ${fmt(s.p50)} | ${fmt(s.p99)} | ` +
      `${r.config === 'postgres' ? `tb_battery.last_ts poll (${opts.pollMs} ms)` : 'PUBACK (sent after commit)'} | ${mb(s.hwm)} MB | ` +
      `${ok ? 'yes' : 'NO'} (${fmt(r.verified.rows)} rows, ${fmt(r.verified.published)} published) |`,
  );
}
for (const r of results) {
  const s = r.stored;
  console.log('');
  console.log(`${r.config}: window ${s.windowSeconds.toFixed(1)} s; drained in ${s.drainSeconds.toFixed(1)} s; publish errors ${s.errors}; batch ${r.settings.batchSize}, linger ${r.settings.lingerMs}`);
  console.log(
    `  CPU (cores) during the window: server ${s.cpu.server.toFixed(2)}, broker ${s.cpu.broker.toFixed(2)}, postgres (all) ${s.cpu.postgres.toFixed(2)}, bench (publishers + poller) ${s.cpu.bench.toFixed(2)}; ` +
      `machine ${pct(s.machine.busy)} busy, ${pct(s.machine.idle)} idle, ${pct(s.machine.steal)} stolen by the hypervisor; ` +
      `other processes ${Math.max(0, s.machine.busy * os.cpus().length - s.cpu.server - s.cpu.broker - s.cpu.postgres - s.cpu.bench).toFixed(2)} cores`,
  );
  const perSample = (cores) => (s.rate > 0 ? (cores * 1e6) / s.rate : NaN);
  const platformMicros = perSample(s.cpu.server) + perSample(s.cpu.broker) + perSample(s.cpu.postgres);
  console.log(
    `  CPU per stored sample: server ${perSample(s.cpu.server).toFixed(1)} µs, broker ${perSample(s.cpu.broker).toFixed(1)} µs, postgres ${perSample(s.cpu.postgres).toFixed(1)} µs ` +
      `= ${platformMicros.toFixed(1)} µs; ceiling on ${os.cpus().length} dedicated cores without the load generator ≈ ${fmt((os.cpus().length * 1e6) / platformMicros)} samples/s ` +
      `(one core for the server process alone: ${fmt(1e6 / perSample(s.cpu.server))})`,
  );
  if (r.ceiling) {
    const c = r.ceiling;
    const stored = c.verified.rows === c.verified.published;
    console.log(
      `  ceiling phase (minimal pipeline, scripts/lib/ingest-ceiling.mjs): p50 ${fmt(c.p50)} ms, p99 ${fmt(c.p99)} ms; CPU ceiling process ${c.cpu.server.toFixed(2)}, broker ${c.cpu.broker.toFixed(2)}, ` +
        `postgres ${c.cpu.postgres.toFixed(2)}, bench ${c.cpu.bench.toFixed(2)}; machine ${pct(c.machine.busy)} busy, ${pct(c.machine.idle)} idle, ${pct(c.machine.steal)} stolen; ` +
        `per sample: pipeline ${((c.cpu.server * 1e6) / c.rate).toFixed(1)} µs, postgres ${((c.cpu.postgres * 1e6) / c.rate).toFixed(1)} µs; stored = published: ${stored ? 'yes' : 'NO'} (${fmt(c.verified.rows)} of ${fmt(c.verified.published)})`,
    );
  }
  if (r.raw) {
    console.log(
      `  raw phase: p50 ${fmt(r.raw.p50)} ms, p99 ${fmt(r.raw.p99)} ms; CPU broker ${r.raw.cpu.broker.toFixed(2)}, bench ${r.raw.cpu.bench.toFixed(2)}; ` +
        `machine ${pct(r.raw.machine.busy)} busy, ${pct(r.raw.machine.steal)} stolen`,
    );
  }
  if (s.live) {
    console.log(
      `  live path (publish -> battery.reading message in the page's JavaScript, Chromium signed in as administrator on /battery/index): ` +
        `p50 ${fmt(s.live.p50)} ms, p99 ${fmt(s.live.p99)} ms, max ${fmt(s.live.max)} ms over ${fmt(s.live.measured)} messages; ` +
        `${fmt(s.live.messages)} websocket messages; ${fmt(s.live.unseen)} measured messages never named (target p99 < 2,000 ms)`,
    );
  }
  if (s.marks.length > 0) {
    console.log(`  marks: ${s.marks.map((m) => `${m.at}s: server RSS ${mb(m.rss)} MB${m.brokerRss ? `, broker RSS ${mb(m.brokerRss)} MB` : ''}, ${fmt(m.rate)} samples/s`).join(' | ')}`);
  }
  if (r.serverLog.length > 0 && r.serverLog[0] !== '') {
    console.log('  server log (last lines):');
    for (const line of r.serverLog) console.log(`    ${line.slice(0, 400)}`);
  }
  if (r.profile) {
    console.log('  server CPU profile, self time by package:');
    for (const line of r.profile.packages) console.log(`    ${line}`);
    console.log('  by function:');
    for (const line of r.profile.functions) console.log(`    ${line}`);
  }
}
const failed = results.some((r) => r.verified.rows !== r.verified.published || r.stored.notCommitted > 0 || (r.ceiling && r.ceiling.verified.rows !== r.ceiling.verified.published));
process.exit(failed ? 1 : 0);
