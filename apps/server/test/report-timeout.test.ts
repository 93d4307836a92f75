import { deviceTopics } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { MqttClient } from 'mqtt';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { reportCopyMaxAgeMs } from '../src/db/report-snapshot.js';
import { stations, tenants } from '../src/db/schema.js';
import { ReportQueryError } from '../src/modules/data-source/index.js';
import { runInSandbox } from '../src/modules/report/report-sandbox.repository.js';
import { connectLogger, publish, sample, waitFor } from './support/device.js';
import { adminPassword, migratedPglite } from './support/test-app.js';

/**
 * Online reports on the embedded database as the server runs it: PGlite on a data folder, in its
 * own thread. PGlite cannot interrupt a running statement, so reports run on a copy of the report
 * views' tables in a thread of their own, which is ended when a statement outlasts
 * REPORT_TIMEOUT_MS: the report is answered as PostgreSQL answers its statement timeout, and
 * everyone else goes on being answered meanwhile.
 */

const timeoutMs = 1500;
// A query that would run for hours: only the timeout ends it.
const endless = 'select count(*) as n from generate_series(1, 10000000000) a';

let app: FastifyInstance;
let dataDir: string;
let admin: string;
let logger: MqttClient;
const gsn = 'LOGGERRPT1';
const key = 'secret-key-rpt1';

const request = (options: InjectOptions & { token?: string }) => {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(token ? { 'x-access-token': token } : {}) } });
};
const signIn = async (username: string, password: string): Promise<string> => {
  const body = (await request({ method: 'POST', url: '/boot/sys/login', payload: { username, password } })).json();
  if (!body.success) throw new Error(`login failed for ${username}: ${body.message}`);
  return body.result.token as string;
};
const nameItem = { fieldName: 'name', fieldTxt: 'Station', fieldType: 'String', isShow: 1, isSearch: 0, searchMode: 'single', orderNum: 0, isTotal: 0 };
const addReport = async (code: string, cgrSql: string, items: (typeof nameItem)[] = []): Promise<string> => {
  const added = await request({ method: 'POST', url: '/boot/online/cgreport/head/add', token: admin, payload: { code, name: code, cgrSql, items } });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().result as string;
};
const getData = (id: string, query: Record<string, string> = {}) => request({ method: 'GET', url: `/boot/online/cgreport/api/getData/${id}`, token: admin, query });
const count = async (query: ReturnType<typeof sql>): Promise<number> => Number(((await app.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('a report on the embedded database', () => {
  beforeAll(async () => {
    // A data folder made from the run's migrated database, then a platform that opens it itself, as
    // the server does (the embedded database in a thread of its own).
    dataDir = mkdtempSync(join(tmpdir(), 'cellsight-report-timeout-'));
    const made = await openDatabase({ kind: 'pglite', dataDir, from: await migratedPglite(), thread: 'main' });
    await made.close();
    const config = loadConfig({
      ADMIN_PASSWORD: adminPassword,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT: '1000',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      MAP_TILE_URL: 'none',
      MAP_GEOCODER_URL: 'none',
      WEB_DIST: join(dataDir, 'no-web'),
      REPORT_TIMEOUT_MS: String(timeoutMs),
    });
    app = await buildApp(config, { logger: false });
    await app.ready();
    admin = await signIn('admin', adminPassword);
    await app.db.insert(tenants).values({ id: 2, name: 'Another company' });
    await app.db.insert(stations).values([
      { id: 'st-rpt-1', tenantId: 1, name: 'Harbour', region: 'North', status: 2 },
      { id: 'st-rpt-2', tenantId: 2, name: 'Foreign', region: 'North', status: 2 },
    ]);
    const registered = await request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn, key }] } });
    expect(registered.json()).toMatchObject({ success: true });
    logger = await connectLogger(app.devicePlane.brokerPort ?? 0, gsn, key);
  });
  afterAll(async () => {
    logger?.end(true);
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is stopped at REPORT_TIMEOUT_MS with the answer PostgreSQL gives, while sign-ins, lists and telemetry are answered', async () => {
    const slowId = await addReport('rp_endless', endless);
    const answered: string[] = [];
    const started = Date.now();
    const report = getData(slowId).then((response) => {
      answered.push('report');
      return response;
    });
    // Asked after the report, one after the other: each is answered while the report still runs.
    await signIn('admin', adminPassword);
    answered.push('sign-in');
    const list = await request({ method: 'GET', url: '/boot/want/tbStation/list', token: admin });
    expect(list.statusCode).toBe(200);
    answered.push('station list');
    // QoS 1: the broker's PUBACK comes once the sample is stored.
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-RPT-1', Date.now())] });
    answered.push('telemetry stored');
    const response = await report;
    expect(answered).toEqual(['sign-in', 'station list', 'telemetry stored', 'report']);
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors).toEqual([{ field: 'cgrSql', message: 'the query was refused: canceling statement due to statement timeout' }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(timeoutMs);
    expect(await count(sql`select count(*) as n from tb_battery_sample where battery_sn = 'BAT-RPT-1'`)).toBe(1);
  });

  it('runs the next report on a new copy after one was stopped', async () => {
    const id = await addReport('rp_names', 'select name from report.stations', [nameItem]);
    const response = await getData(id);
    expect(response.statusCode, response.body).toBe(200);
    // Tenant 1's administrator: tenant 2's station is not in the report.
    expect(response.json().result.records).toEqual([{ name: 'Harbour' }]);
    // The stopped copy's folder is gone; only the one in use is left beside the database.
    expect(readdirSync(join(dataDir, 'pgdata.reports'))).toEqual(['2']);
  });

  it('keeps the sandbox on the copy: read-only, the report views only, the caller’s tenants, no set_config', async () => {
    const reports = app.reportDatabase;
    const refused = [
      "insert into sys_user (id, username, realname, password_hash) select 'x', 'intruder', 'x', 'x' where $1::int = 1",
      'select username from sys_user where $1::int = 1',
      "select set_config('cellsight.report_tenants', '1,2', true) where $1::int = 1",
      'select count(*) from tb_battery_sample where $1::int = 1',
    ];
    for (const text of refused) await expect(runInSandbox(reports, [1], timeoutMs, [{ text, params: [1] }])).rejects.toBeInstanceOf(ReportQueryError);
    const [foreign] = await runInSandbox(reports, [2], timeoutMs, [{ text: 'select name from report.stations where $1::int = 1', params: [1] }]);
    expect(foreign?.rows).toEqual([{ name: 'Foreign' }]);
    // The copy holds rows only of the tables the report views read: no telemetry history.
    expect(await count(sql`select count(*) as n from tb_battery_sample`)).toBeGreaterThan(0);
    const [copied] = await reports.transaction(timeoutMs, (session) => session.query<{ n: number }>('select count(*)::int as n from tb_battery_sample'));
    expect(copied?.n).toBe(0);
  });

  it('reads a copy at most 30 s old: the same copy within them, a new one after them', async () => {
    const id = await addReport('rp_regions', "select name from report.stations where region = 'North'", [nameItem]);
    const names = async (query: Record<string, string>) => (await getData(id, query)).json().result.records.map((record: { name: string }) => record.name);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Past any copy the earlier tests made: this report takes a new one.
    vi.setSystemTime(Date.now() + 31_000);
    expect(await names({ column: 'name' })).toEqual(['Harbour']);
    await app.db.insert(stations).values({ id: 'st-rpt-3', tenantId: 1, name: 'Mill', region: 'North', status: 2 });
    vi.setSystemTime(Date.now() + 29_000);
    // Another question than the answer kept (sorted the other way): the copy answers, without the new station.
    expect(await names({ column: 'name', order: 'asc' })).toEqual(['Harbour']);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await names({ column: 'name', order: 'desc' })).toEqual(['Mill', 'Harbour']);
  });

  it('gives a copy back (its thread, its memory, its folder) once it is too old, whether or not another report comes', async () => {
    const copies = () => readdirSync(join(dataDir, 'pgdata.reports'));
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // Past the copy of the test before: this report takes a new one, and its time to be retired is set.
    vi.setSystemTime(Date.now() + reportCopyMaxAgeMs + 1000);
    await app.reportDatabase.transaction(timeoutMs, (session) => session.query('select 1'));
    expect(copies()).toHaveLength(1);
    vi.advanceTimersByTime(reportCopyMaxAgeMs);
    vi.useRealTimers();
    await waitFor(async () => copies(), (left) => left.length === 0);
  });
});
