#!/usr/bin/env node
// `npm run bench:api`: how fast the station and battery lists answer on a large fleet, against a
// bare handler running the same SQL. In one run:
//   1. a fresh PostgreSQL database, migrated and seeded by the server itself (started once on it);
//   2. the bench fleet by SQL (scripts/seed-bench-fleet.sql): 10,000 stations, 40,000 loggers,
//      100,000 batteries with a year of daily rollups, a distributor, 100 installers with 100
//      stations each, end users with two each; each step timed;
//   3. a bare handler (scripts/lib/bench-api-bare-server.mjs): Fastify + pg running the same page
//      queries, no auth, no kit, no schema serialization, in its own process like the server;
//   4. autocannon, 50 connections, --seconds per case, against both: the station list's first page,
//      a deep page, a name search, the battery list's first page and a deep page, each as the
//      administrator (all 10,000 stations) and as one installer (their 100);
//   5. a markdown table: requests/s, p50, p99, errors and non-2xx, kit / bare, the targets
//      (kit >= 50 % of bare's requests/s; p99 < 50 ms on the first page), and CPU per process;
//   6. the views a person opens one at a time (--view-connections, default 4, kit only): the
//      analysis dashboard as administrator and installer (target p99 < 300 ms) and the history of
//      battery 1, which the seed gives a year of one-minute samples (525,600) and the rollups made
//      from them, over a day, a week, a month and a year (at most 2,000 points; p99 < 150 ms).
// The server, PostgreSQL and the load generator share the machine: their CPU use is printed too.
/* eslint-disable no-console -- a command-line tool: its report is its output */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSeconds, freePort, killChildren, machineTicks, postgresCpuSeconds, startProcess, stopChild } from './lib/bench-api-process.mjs';
import { freshenFleet, seedFleet } from './lib/bench-api-seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seedFile = path.join(root, 'scripts/seed-bench-fleet.sql');
const bareServerFile = path.join(root, 'scripts/lib/bench-api-bare-server.mjs');
const adminPassword = 'Bench12345';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    timeout: { type: 'string', default: '10' },
    stations: { type: 'string', default: '10000' },
    loggers: { type: 'string', default: '40000' },
    batteries: { type: 'string', default: '100000' },
    installers: { type: 'string', default: '100' },
    days: { type: 'string', default: '365' },
    'deep-page': { type: 'string', default: '500' },
    'key-word': { type: 'string', default: 'Lindenhof' },
    cases: { type: 'string', default: '' },
    'view-connections': { type: 'string', default: '4' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'cellsight_bench_api' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    'server-log': { type: 'string', default: 'warn' },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:api -- [options]
  --seconds 10           measured seconds per case (each handler)
  --warmup 2             seconds of load before each case, not measured
  --connections 50       concurrent connections
  --timeout 10           seconds before autocannon counts a request as an error
  --stations 10000 --loggers 40000 --batteries 100000 --installers 100 --days 365
                         the fleet (days: daily rollups per battery, up to today)
  --deep-page 500        the deep page's pageNo (pageSize 10; the caller's last page if it has fewer)
  --key-word Lindenhof   the name search (one of the seed's 20 place names: 1 station in 20)
  --cases a,b            only cases whose name and role contain one of these (e.g. "stations, first")
  --view-connections 4   concurrent connections for the dashboard and history cases
  --database-url URL     PostgreSQL server to create the database on
  --database NAME        the database (default cellsight_bench_api; dropped first, and at the end)
  --keep                 keep the database at the end
  --reuse                measure a database kept earlier (with the same fleet) instead of seeding
  --seed-only            seed, print the seeding times, and stop (with --keep: for a later --reuse)
  --server-log warn      the server's LOG_LEVEL`);
  process.exit(0);
}

const int = (name) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
};
const fleet = { stations: int('stations'), loggers: int('loggers'), batteries: int('batteries'), installers: int('installers'), days: int('days') };
const opts = {
  seconds: int('seconds'),
  warmup: Number(args.warmup),
  connections: int('connections'),
  viewConnections: int('view-connections'),
  timeout: int('timeout'),
  deepPage: int('deep-page'),
};
if (!/^[a-z_][a-z0-9_]*$/.test(args.database)) throw new Error('--database: lower-case letters, digits and _ only');
const databaseUrl = (() => {
  const url = new URL(args['database-url']);
  url.pathname = `/${args.database}`;
  return url.toString();
})();

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '-');
const log = (line) => console.error(line);
/** @type {(() => unknown)[]} */
const teardown = [];

/**
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The database: fresh, or (with --reuse) the one kept earlier. Returns whether it holds the fleet already. */
async function prepareDatabase() {
  return withClient(args['database-url'], async (admin) => {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [args.database]);
    if (rows.length > 0 && args.reuse) return true;
    if (args.reuse) log(`--reuse: there is no database ${args.database}; seeding one`);
    await admin.query(`drop database if exists ${args.database} with (force)`);
    await admin.query(`create database ${args.database}`);
    return false;
  });
}

async function dropDatabase() {
  await withClient(args['database-url'], (admin) => admin.query(`drop database if exists ${args.database} with (force)`));
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cellsight-bench-api-'));
  teardown.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startProcess({
    args: ['--enable-source-maps', 'apps/server/dist/server.js'],
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(await freePort()),
      MQTT_URL: '',
      MQTT_HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: args['server-log'],
      DEMO: '',
    },
    readyUrl: `http://127.0.0.1:${port}/boot/sys/public/config`,
  });
  teardown.push(() => stopChild(server.child));
  return { ...server, url: `http://127.0.0.1:${port}` };
}

async function startBareServer() {
  const port = await freePort();
  const bare = await startProcess({
    args: [bareServerFile],
    cwd: root,
    env: { PORT: String(port), DATABASE_URL: databaseUrl },
    readyUrl: `http://127.0.0.1:${port}/ready`,
  });
  teardown.push(() => stopChild(bare.child));
  return { ...bare, url: `http://127.0.0.1:${port}` };
}

/** @typedef {{ token: string, userId: string, username: string }} Caller a signed-in user */

/**
 * @param {string} serverUrl
 * @param {string} username
 * @returns {Promise<Caller>}
 */
async function login(serverUrl, username) {
  const response = await fetch(`${serverUrl}/boot/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: adminPassword }),
  });
  // The login answer's shape (an error answer has no result); checked below before it is read.
  const body = /** @type {import('@cellsight/contract').Envelope<import('@cellsight/contract').LoginResult | null>} */ (await response.json());
  if (!response.ok || !body.success || !body.result) throw new Error(`signing in as ${username}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { token: body.result.token, userId: body.result.userInfo.id, username };
}

/**
 * The cases: each a kit request and the bare handler's twin (same SQL, same caller scope). A deep
 * page is --deep-page, or the caller's last page when it has fewer (an installer's 100 stations).
 */
const wantedCases = args.cases
  .split(',')
  .map((c) => c.trim())
  .filter(Boolean);
const isWanted = (name, role) => wantedCases.length === 0 || wantedCases.some((w) => `${name} ${role}`.includes(w));

/**
 * @typedef {object} ListCase a kit request and its bare twin, as one caller
 * @property {string} name
 * @property {string} role
 * @property {Caller} caller
 * @property {string} kit the kit's path and query
 * @property {string} bare the bare handler's path and query
 * @property {boolean} [firstPage] held to the first page's p99 target
 * @property {boolean} [deep]
 */

/**
 * @param {{ url: string }} server
 * @param {Caller} admin
 * @param {Caller} installer
 * @returns {Promise<ListCase[]>}
 */
async function defineCases(server, admin, installer) {
  const keyWord = encodeURIComponent(args['key-word']);
  const lists = [
    { name: 'stations, first page', kit: '/boot/want/tbStation/list?pageSize=10', bare: '/bare/stations?pageSize=10', firstPage: true },
    { name: 'stations, deep page', kit: '/boot/want/tbStation/list?pageSize=10', bare: '/bare/stations?pageSize=10', deep: true },
    { name: `stations, keyWord=${args['key-word']}`, kit: `/boot/want/tbStation/list?pageSize=10&keyWord=${keyWord}`, bare: `/bare/stations?pageSize=10&keyWord=${keyWord}` },
    { name: 'batteries, first page', kit: '/boot/want/battery/list?pageSize=10', bare: '/bare/batteries?pageSize=10' },
    { name: 'batteries, deep page', kit: '/boot/want/battery/list?pageSize=10', bare: '/bare/batteries?pageSize=10', deep: true },
  ];
  /** @type {ListCase[]} */
  const cases = [];
  /** @type {[role: string, caller: Caller, accountType: string][]} */
  const callers = [
    ['admin', admin, 'admin'],
    ['installer', installer, 'installer'],
  ];
  for (const list of lists) {
    for (const [role, caller, accountType] of callers) {
      if (!isWanted(list.name, role)) continue;
      let pageNo = 1;
      if (list.deep) {
        const first = await getJson(`${server.url}${list.kit}&pageNo=1`, { 'X-Access-Token': caller.token });
        pageNo = Math.max(1, Math.min(opts.deepPage, Math.ceil((first.body?.result?.total ?? 0) / 10)));
      }
      cases.push({
        ...list,
        name: list.deep ? `${list.name} (${pageNo})` : list.name,
        role,
        caller,
        kit: `${list.kit}&pageNo=${pageNo}`,
        bare: `${list.bare}&pageNo=${pageNo}&userId=${caller.userId}&accountType=${accountType}`,
      });
    }
  }
  return cases;
}

/** The battery the seed gives a year of one-minute samples, and its station's zone. */
const historyBattery = { sn: 'BB0000000001', zone: 'Asia/Shanghai' };

/**
 * The views a person opens (kit only: no bare twin), each with the p99 target it must meet and a
 * check of its answer, so a fast wrong answer cannot pass.
 */
function defineViewCases(admin, installer) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: historyBattery.zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const daysBefore = (n) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const weekAgo = daysBefore(6);
  const history = (range, extra = '') => `/boot/want/battery/historyRange?batterySn=${historyBattery.sn}&range=${range}${extra}`;
  const checkHistory = (minBuckets) => (result) =>
    result.points.length > 0 && result.points.length <= 2000 && result.bucketCount >= minBuckets ? null : `${result.points.length} points of ${result.bucketCount} buckets (period ${result.period})`;
  const views = [
    { name: 'dashboard analysis', role: 'admin', caller: admin, url: '/boot/want/dashboard/analysis', targetMs: 300, check: (r) => (r.stations.total === fleet.stations && r.energy.year.charge > 0 ? null : `${r.stations.total} stations, year ${r.energy.year.charge} kWh`) },
    { name: 'dashboard analysis', role: 'installer', caller: installer, url: '/boot/want/dashboard/analysis', targetMs: 300, check: (r) => (r.stations.total > 0 && r.stations.total < fleet.stations ? null : `${r.stations.total} stations`) },
    // Yesterday: a whole day of 5-minute buckets (today has only those since local midnight).
    { name: 'battery history, day', role: 'admin', caller: admin, url: history('day', `&date=${daysBefore(1)}`), targetMs: 150, check: checkHistory(288) },
    { name: 'battery history, 7 days', role: 'admin', caller: admin, url: history('custom', `&begin=${weekAgo}&end=${today}`), targetMs: 150, check: checkHistory(1500) },
    { name: 'battery history, month', role: 'admin', caller: admin, url: history('month'), targetMs: 150, check: checkHistory(24) },
    { name: 'battery history, year', role: 'admin', caller: admin, url: history('year'), targetMs: 150, check: checkHistory(300) },
  ];
  return views.filter((v) => isWanted(v.name, v.role));
}

async function verifyView(v, server) {
  const answer = await getJson(server.url + v.url, { 'X-Access-Token': v.caller.token });
  if (answer.status !== 200 || !answer.body?.success) return `answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`;
  return v.check(answer.body.result);
}

/** Fields both handlers answer, to check the bare SQL is the same query (it would flatter the kit or the bare otherwise). */
const compared = ['id', 'batterySn', 'name', 'pid', 'ownerName', 'installerName', 'loggersOnline', 'loggerCount', 'batteryCount', 'power', 'socAvg', 'chargeToday', 'dischargeToday', 'subStationCount', 'soc', 'loggerGsn'];
const pick = (record) => Object.fromEntries(compared.filter((k) => k in record).map((k) => [k, record[k]]));

async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // reported below
  }
  return { status: response.status, body, text };
}

async function verify(c, server, bare) {
  const kit = await getJson(server.url + c.kit, { 'X-Access-Token': c.caller.token });
  const own = await getJson(bare.url + c.bare);
  if (kit.status !== 200 || !kit.body?.success) return `kit answered HTTP ${kit.status}: ${kit.text.slice(0, 200)}`;
  if (own.status !== 200) return `bare handler answered HTTP ${own.status}: ${own.text.slice(0, 200)}`;
  const a = kit.body.result;
  const b = own.body.result;
  if (a.total !== b.total) return `totals differ: kit ${a.total}, bare ${b.total}`;
  if (a.records.length === 0) return `no records (total ${a.total})`;
  for (let i = 0; i < Math.max(a.records.length, b.records.length); i++) {
    const left = pick(a.records[i] ?? {});
    const right = pick(b.records[i] ?? {});
    const differ = compared.filter((k) => JSON.stringify(left[k]) !== JSON.stringify(right[k]));
    if (differ.length > 0) return `record ${i + 1} (${left.id ?? left.batterySn}) differs in ${differ.map((k) => `${k}: kit ${JSON.stringify(left[k])}, bare ${JSON.stringify(right[k])}`).join('; ')}`;
  }
  return null;
}

/**
 * Median milliseconds of `n` requests one after another: the latency without any queue.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function alone(url, headers, n = 3) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)];
}

/**
 * Waits until the bench database runs no query but this one's: a request that autocannon gave up
 * on (timeout) still runs to its end in the handler's pool, and would weigh on the next case.
 * Returns the seconds waited and how many queries were left.
 */
async function drain(limitSeconds = 300) {
  return withClient(databaseUrl, async (client) => {
    const started = performance.now();
    let left = 0;
    let idle = 0;
    for (;;) {
      const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()");
      left = Math.max(left, rows[0].n);
      // Twice idle in a row: one request's queries run one after another, with gaps between them.
      idle = rows[0].n === 0 ? idle + 1 : 0;
      const seconds = (performance.now() - started) / 1000;
      if (idle >= 2 || seconds > limitSeconds) return { seconds, left, still: rows[0].n };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

function cpuMark(pids) {
  return { at: performance.now(), ...Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuSeconds(pid)])), postgres: postgresCpuSeconds(), machine: machineTicks() };
}

async function load(url, headers, seconds, connections) {
  return autocannon({ url, headers, connections, duration: seconds, timeout: opts.timeout });
}

async function measure(url, headers, pids, connections = opts.connections) {
  if (opts.warmup > 0) {
    await load(url, headers, opts.warmup, connections);
    // What the warm-up left queued is not this window's work.
    await drain();
  }
  const before = cpuMark({ ...pids, bench: process.pid });
  const result = await load(url, headers, opts.seconds, connections);
  const after = cpuMark({ ...pids, bench: process.pid });
  const window = (after.at - before.at) / 1000;
  const cores = (key) => (after[key] - before[key]) / window;
  const ticks = (key) => after.machine[key] - before.machine[key];
  const all = ticks('busy') + ticks('idle') + ticks('steal');
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpu: { handler: cores('handler'), postgres: cores('postgres'), bench: cores('bench') },
    machine: { busy: ticks('busy') / all, steal: ticks('steal') / all },
  };
}

async function main() {
  log(`bench:api on ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; server, PostgreSQL and load generator on this one machine`);
  const seeded = await prepareDatabase();
  if (!args.keep) teardown.unshift(() => dropDatabase());
  log(`database ${args.database}${seeded ? ' (kept from an earlier run)' : ''}; starting the server (migrations, seed) ...`);
  const server = await startServer();

  // The seeding's timings and table sizes, or null when the database was kept from an earlier run.
  const seeding = await withClient(databaseUrl, async (client) => {
    if (seeded) {
      const { rows } = await client.query("select count(*)::int as n from tb_station where id like 'bench-st-%'");
      if (rows[0].n !== fleet.stations) throw new Error(`--reuse: ${args.database} has ${rows[0].n} bench stations, not ${fleet.stations}; run without --reuse`);
      await freshenFleet(client, seedFile, { ...fleet, lo: 1, hi: fleet.batteries });
      return null;
    }
    log(`seeding ${fmt(fleet.stations)} stations, ${fmt(fleet.loggers)} loggers, ${fmt(fleet.batteries)} batteries, ${fmt(fleet.batteries * fleet.days)} daily rollups ...`);
    const seedTimes = await seedFleet(client, seedFile, { ...fleet, lo: 1, hi: fleet.batteries }, { log });
    /** @type {import('pg').QueryResult<{ relname: string, rows: string, bytes: string }>} */
    const { rows } = await client.query(
      `select relname, reltuples::bigint as rows, pg_total_relation_size(oid) as bytes from pg_class
       where relname in ('sys_user', 'tb_station', 'tb_logger', 'tb_battery', 'tb_battery_rollup') order by relname`,
    );
    return { ...seedTimes, tables: rows };
  });
  if (seeding) {
    console.log(`\nSeeding (scripts/seed-bench-fleet.sql, ${fmt(seeding.seconds, 1)} s in all):\n`);
    console.log('| step | seconds |');
    console.log('| --- | ---: |');
    for (const t of seeding.timings) console.log(`| ${t.label} | ${fmt(t.seconds, 1)} |`);
    console.log(`\n| table | rows (estimate after analyze) | size with indexes |`);
    console.log('| --- | ---: | ---: |');
    for (const t of seeding.tables) console.log(`| ${t.relname} | ${fmt(Number(t.rows))} | ${fmt(Number(t.bytes) / 2 ** 20)} MiB |`);
  }
  if (args['seed-only']) return 0;

  const admin = await login(server.url, 'admin');
  const installer = await login(server.url, 'bench-installer-0001');
  const bare = await startBareServer();
  const cases = await defineCases(server, admin, installer);

  let failed = false;
  /** @type {(ListCase & { alone: { kit: number | undefined, bare: number | undefined } })[]} each case with its milliseconds one request at a time */
  const timedCases = [];
  for (const c of cases) {
    const problem = await verify(c, server, bare);
    if (problem) {
      failed = true;
      log(`! ${c.name} as ${c.role}: ${problem}`);
    }
    const timed = { ...c, alone: { kit: await alone(server.url + c.kit, { 'X-Access-Token': c.caller.token }), bare: await alone(bare.url + c.bare, {}) } };
    timedCases.push(timed);
    log(`${c.name} as ${c.role}: one request at a time ${fmt(timed.alone.kit, 1)} ms (kit), ${fmt(timed.alone.bare, 1)} ms (bare)`);
  }

  // The server's offline sweep takes loggers silent for 15 minutes offline; a long run would then
  // measure stations with fewer figures than it began with. Counted before and after to tell.
  const onlineLoggers = () => withClient(databaseUrl, async (client) => (await client.query('select count(*)::int as n from tb_logger where online')).rows[0].n);
  const onlineBefore = await onlineLoggers();
  const rows = [];
  const settle = async (what) => {
    const waited = await drain();
    if (waited.left > 0) log(`  waited ${fmt(waited.seconds, 1)} s for ${waited.left} queries left running after ${what}${waited.still ? ` (${waited.still} still running)` : ''}`);
    return waited;
  };
  for (const c of timedCases) {
    log(`${c.name} as ${c.role}: kit ...`);
    const kit = await measure(server.url + c.kit, { 'X-Access-Token': c.caller.token }, { handler: server.pid });
    kit.drain = await settle('the kit');
    log(`  ${fmt(kit.rps)} req/s, p99 ${fmt(kit.p99, 1)} ms, ${kit.errors + kit.non2xx} errors; bare ...`);
    const own = await measure(bare.url + c.bare, {}, { handler: bare.pid });
    own.drain = await settle('the bare handler');
    log(`  ${fmt(own.rps)} req/s, p99 ${fmt(own.p99, 1)} ms, ${own.errors + own.non2xx} errors`);
    rows.push({ c, kit, own });
    if (kit.errors + kit.non2xx + own.errors + own.non2xx > 0) failed = true;
  }

  const views = defineViewCases(admin, installer);
  const viewRows = [];
  for (const v of views) {
    const problem = await verifyView(v, server);
    if (problem) {
      failed = true;
      log(`! ${v.name} as ${v.role}: ${problem}`);
    }
    v.alone = await alone(server.url + v.url, { 'X-Access-Token': v.caller.token });
    log(`${v.name} as ${v.role}: one request at a time ${fmt(v.alone, 1)} ms; ${opts.viewConnections} connections ...`);
    const result = await measure(server.url + v.url, { 'X-Access-Token': v.caller.token }, { handler: server.pid }, opts.viewConnections);
    result.drain = await settle(v.name);
    log(`  ${fmt(result.rps)} req/s, p99 ${fmt(result.p99, 1)} ms, ${result.errors + result.non2xx} errors`);
    viewRows.push({ v, result });
    if (result.errors + result.non2xx > 0) failed = true;
  }

  const pct = (x) => `${Math.round(x * 100)} %`;
  console.log(
    `\n${opts.connections} connections, ${opts.seconds} s per case after ${opts.warmup} s of warm-up; ${os.cpus().length} cores shared by the handler, PostgreSQL and autocannon. ` +
      `Targets: kit >= 50 % of the bare handler's requests/s; p99 < 50 ms on the first page.\n`,
  );
  console.log('| case | as | handler | one at a time ms | requests/s | p50 ms | p99 ms | errors / non-2xx | kit / bare | targets |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  // A case whose requests all timed out has no latency: autocannon reports 0 for it.
  const ms = (r, key) => (r.total > 0 ? fmt(r[key], 1) : '-');
  for (const { c, kit, own } of rows) {
    const ratio = own.rps > 0 ? kit.rps / own.rps : NaN;
    const targets = [ratio >= 0.5 ? 'ratio ok' : 'ratio MISSED', ...(c.firstPage ? [kit.total > 0 && kit.p99 < 50 ? 'p99 ok' : 'p99 MISSED'] : [])].join(', ');
    console.log(
      `| ${c.name} | ${c.role} | kit | ${fmt(c.alone.kit, 1)} | ${fmt(kit.rps)} | ${ms(kit, 'p50')} | ${ms(kit, 'p99')} | ${kit.errors} / ${kit.non2xx} | ${Number.isFinite(ratio) ? pct(ratio) : '-'} | ${targets} |`,
    );
    console.log(`| | | bare | ${fmt(c.alone.bare, 1)} | ${fmt(own.rps)} | ${ms(own, 'p50')} | ${ms(own, 'p99')} | ${own.errors} / ${own.non2xx} | | |`);
  }
  if (viewRows.length > 0) {
    console.log(`\nViews a person opens: ${opts.viewConnections} connections, ${opts.seconds} s per case after ${opts.warmup} s of warm-up (kit only).\n`);
    console.log('| case | as | one at a time ms | requests/s | p50 ms | p99 ms | errors / non-2xx | CPU handler / PostgreSQL | target |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
    for (const { v, result } of viewRows) {
      const met = result.total > 0 && result.p99 < v.targetMs ? `p99 < ${v.targetMs} ms ok` : `p99 < ${v.targetMs} ms MISSED`;
      console.log(
        `| ${v.name} | ${v.role} | ${fmt(v.alone, 1)} | ${fmt(result.rps)} | ${ms(result, 'p50')} | ${ms(result, 'p99')} | ${result.errors} / ${result.non2xx} | ${result.cpu.handler.toFixed(2)} / ${result.cpu.postgres.toFixed(2)} | ${met} |`,
      );
    }
  }
  // What the device plane pays to keep the dashboards' energy: its minute's refresh (today and
  // yesterday) and its hourly one (the last week), timed on the same fleet (median of three).
  if (views.length > 0) {
    const timeRefresh = (days) =>
      withClient(databaseUrl, async (client) => {
        const times = [];
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          await client.query('select cs_refresh_station_energy($1::integer, true)', [days]);
          times.push(performance.now() - started);
        }
        return times.sort((a, b) => a - b)[1];
      });
    const minute = await timeRefresh(1);
    const hour = await timeRefresh(7);
    console.log(`\nStation energy refresh on this fleet (median of three): today and yesterday ${fmt(minute)} ms (every minute); the last week ${fmt(hour)} ms (hourly).`);
  }
  const drained = rows.flatMap(({ c, kit, own }) => [
    ...(kit.drain.left > 0 ? [`${c.name} as ${c.role} (kit): ${kit.drain.left} queries, ${fmt(kit.drain.seconds, 1)} s`] : []),
    ...(own.drain.left > 0 ? [`${c.name} as ${c.role} (bare): ${own.drain.left} queries, ${fmt(own.drain.seconds, 1)} s`] : []),
  ]);
  if (drained.length > 0) console.log(`\nQueries still running after the load stopped (waited for before the next case): ${drained.join('; ')}.`);
  console.log('\nCPU (cores) while measuring, per case: handler process / PostgreSQL (all backends) / autocannon; machine busy, stolen by the hypervisor\n');
  console.log('| case | as | kit | bare |');
  console.log('| --- | --- | --- | --- |');
  const cpu = (r) => `${r.cpu.handler.toFixed(2)} / ${r.cpu.postgres.toFixed(2)} / ${r.cpu.bench.toFixed(2)}; ${pct(r.machine.busy)} busy, ${pct(r.machine.steal)} stolen`;
  for (const { c, kit, own } of rows) console.log(`| ${c.name} | ${c.role} | ${cpu(kit)} | ${cpu(own)} |`);
  const onlineAfter = await onlineLoggers();
  if (onlineAfter !== onlineBefore) {
    failed = true;
    console.log(`\nLoggers online went from ${fmt(onlineBefore)} to ${fmt(onlineAfter)} during the run (the server's offline sweep): later cases measured another fleet.`);
  }
  if (seeding) console.log(`\nSeeding took ${fmt(seeding.seconds, 1)} s.`);
  if (failed) console.log('\nFAILED: a case had errors or non-2xx answers, or the bare handler did not answer what the kit answered (see above).');
  const serverLog = server.output().trim();
  if (serverLog) {
    console.log('\nserver log (last lines):');
    for (const line of serverLog.split('\n').slice(-10)) console.log(`    ${line.slice(0, 300)}`);
  }
  return failed ? 1 : 0;
}

const cleanUp = async () => {
  for (const fn of teardown.reverse()) await Promise.resolve().then(fn).catch((error) => log(`cleanup: ${error.message}`));
  teardown.length = 0;
  killChildren();
};
const onSignal = async () => {
  await cleanUp();
  process.exit(130);
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

let code = 1;
try {
  code = await main();
} catch (error) {
  log(error instanceof Error && error.stack !== undefined ? error.stack : String(error));
} finally {
  await cleanUp();
}
process.exit(code);
