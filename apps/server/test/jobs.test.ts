import { type JobRecord, type JobRunRecord, JobStatus, ServerCode, jobEndpoints } from '@cellsight/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { jobRuns, users } from '../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp, queryRows } from './support/test-app.js';

const base = '/boot/sys/quartzJob';
// The real timer, kept before any test fakes the clock: the test task takes some real time to run.
const { setTimeout: realSetTimeout } = globalThis;
const sleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

/**
 * Puts the scheduler's timers and dates on a fake clock set half a second past a whole second:
 * a firing every second (`* * * * * ?`) is then reached by moving the clock, not by waiting. The
 * apps' timers made before stay real (and are still cleared when asked).
 */
const fakeClock = () => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], now: Math.ceil(Date.now() / 1000) * 1000 + 500, shouldClearNativeTimers: true });
};

/** Moves the fake clock a second at a time, waiting after each step for the firings it reached to be run and recorded. */
const passSeconds = async (seconds: number, ...apps: FastifyInstance[]) => {
  for (let i = 0; i < seconds; i += 1) {
    await vi.advanceTimersByTimeAsync(1_000);
    for (const app of apps) await app.jobs.settled();
  }
};

describe('scheduled jobs', () => {
  let t: TestApp;
  let admin: string;
  /** What the test tasks were asked to do, by the app that ran them. */
  const calls: { app: string; parameter: string | null; fireTime: Date; manual: boolean }[] = [];

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { payload?: object; query?: Record<string, string>; token?: string } = {}) => {
    const response = await t.request({ method, url: `${base}${url}`, token: options.token ?? admin, payload: options.payload, query: options.query });
    return { status: response.statusCode, body: response.json() as { success: boolean; code: number; message: string; result: unknown } };
  };
  const add = async (job: Record<string, unknown>) => {
    const response = await call('POST', '/add', { payload: job });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.result as string;
  };
  const byId = async (id: string) => (await call('GET', '/queryById', { query: { id } })).body.result as JobRecord;
  const runsOf = async (jobId: string) => {
    const response = await t.request({ method: 'GET', url: '/boot/sys/quartzJobRun/list', token: admin, query: { jobId, pageSize: '100' } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.records as JobRunRecord[];
  };
  const registerTestTasks = (app: FastifyInstance, name: string) => {
    app.jobs.registerTask('test.count', {
      title: ['Count', '计数', 'Zählen'],
      async run(parameter, run) {
        calls.push({ app: name, parameter, ...run });
        await sleep(30);
        return `counted ${parameter ?? ''}`.trim();
      },
    });
    app.jobs.registerTask('test.fail', {
      title: ['Fail', '失败', 'Scheitern'],
      run: async () => {
        throw new Error('the disk is full');
      },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', adminPassword);
    registerTestTasks(t.app, 'first');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the platform’s housekeeping as jobs, running, and the tasks a job can run with their titles', async () => {
    const list = await call('GET', '/list', { query: { pageSize: '50' } });
    expect(list.status).toBe(200);
    const jobs = (list.body.result as { records: JobRecord[] }).records;
    const byTask = new Map(jobs.map((job) => [job.jobClassName, job]));
    for (const task of ['device.commandTimeouts', 'device.offlineSweep', 'station.energyRefresh', 'telemetry.partitions', 'alarm.delivery', 'outbox.resend']) {
      expect(byTask.get(task)?.status, task).toBe(JobStatus.Running);
    }
    // Today's cadences: commands every 5 s, alarms every ALARM_DELIVERY_SECONDS (a minute by default).
    expect(byTask.get('device.commandTimeouts')?.cronExpression).toBe('0/5 * * * * ?');
    expect(byTask.get('alarm.delivery')?.cronExpression).toBe('0 * * * * ?');
    const nextSweep = new Date(byTask.get('device.commandTimeouts')?.nextFireTime ?? '');
    expect(nextSweep.getSeconds() % 5).toBe(0);
    expect(nextSweep.getTime() - Date.now()).toBeLessThanOrEqual(5_000);

    const tasks = (await t.call(jobEndpoints.tasks, { token: admin })).envelope.result;
    expect(tasks.find((task) => task.name === 'scheduler.heartbeat')?.title[0]).toMatch(/heartbeat/i);
    expect(tasks.find((task) => task.name === 'alarm.delivery')?.title).toEqual(['Deliver alarm notifications', '发送告警通知', 'Alarmbenachrichtigungen zustellen']);
  });

  it('adds, edits and deletes a job; refuses a bad expression or an unknown task naming the field, and a second job of a task', async () => {
    const id = await add({ jobClassName: 'scheduler.heartbeat', cronExpression: '0 0 3 ? * 2#1', parameter: 'hello', description: 'First Monday', status: JobStatus.Stopped });
    expect(await byId(id)).toMatchObject({ jobClassName: 'scheduler.heartbeat', cronExpression: '0 0 3 ? * 2#1', parameter: 'hello', status: JobStatus.Stopped, createBy: 'admin', nextFireTime: null });

    for (const cronExpression of ['every day', '0 0 25 * * ?', '0 0 12 1 * 2', '0 0 12 ? * ?', '0 0 12 * * ? 2019', '* * * * *']) {
      const refused = await call('POST', '/add', { payload: { jobClassName: 'test.fail', cronExpression } });
      expect(refused.status, cronExpression).toBe(400);
      expect(refused.body.message, cronExpression).toMatch(/^cronExpression: /);
    }
    const unknown = await call('POST', '/add', { payload: { jobClassName: 'no.such.task', cronExpression: '0 * * * * ?' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('jobClassName: is not a task this server knows');
    const twice = await call('POST', '/add', { payload: { jobClassName: 'scheduler.heartbeat', cronExpression: '0 * * * * ?' } });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('jobClassName: already exists');

    const edited = await call('PUT', '/edit', { payload: { id, cronExpression: '0 0 4 L-2 * ?', description: 'Two days before the month ends' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await byId(id)).toMatchObject({ cronExpression: '0 0 4 L-2 * ?', description: 'Two days before the month ends', updateBy: 'admin' });
    expect((await call('PUT', '/edit', { payload: { id, cronExpression: '0 0 4 32 * ?' } })).body.message).toMatch(/^cronExpression: /);
    expect((await call('PUT', '/edit', { payload: { id, jobClassName: 'no.such.task' } })).status).toBe(400);
    expect((await call('PUT', '/edit', { payload: { id: 'nosuchjob', cronExpression: '0 * * * * ?' } })).status).toBe(404);

    const other = await add({ jobClassName: 'test.fail', cronExpression: '0 0 0 1 1 ? 2100', status: JobStatus.Stopped });
    expect((await call('DELETE', '/delete', { query: { id } })).status).toBe(200);
    expect((await call('GET', '/queryById', { query: { id } })).status).toBe(404);
    expect((await call('DELETE', '/deleteBatch', { query: { ids: other } })).status).toBe(200);
    expect((await call('GET', '/queryById', { query: { id: other } })).status).toBe(404);
  });

  it('tells when an expression fires next, or what is wrong with it', async () => {
    const next = await t.call(jobEndpoints.nextFireTimes, { token: admin, query: { cronExpression: '0 0 12 ? * 2#3', count: 3 } });
    expect(next.statusCode).toBe(200);
    const { times } = next.envelope.result;
    expect(times).toHaveLength(3);
    for (const time of times) {
      const date = new Date(time);
      // The third Monday of its month, at noon.
      expect(date.getDay()).toBe(1);
      expect(Math.ceil(date.getDate() / 7)).toBe(3);
      expect(date.getHours()).toBe(12);
    }
    const bad = await t.call(jobEndpoints.nextFireTimes, { token: admin, query: { cronExpression: '0 61 * * * ?' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.message).toMatch(/^cronExpression: /);
  });

  it('runs a job now, whatever its status, and records the run with its duration and outcome', async () => {
    const id = await add({ jobClassName: 'test.count', cronExpression: '0 0 0 1 1 ?', parameter: 'by hand', status: JobStatus.Stopped });
    const executed = await call('GET', '/execute', { query: { id } });
    expect(executed.status).toBe(200);
    expect(executed.body.message).toBe('Executed');
    const run = executed.body.result as JobRunRecord;
    expect(run).toMatchObject({ jobId: id, outcome: 'ok', message: 'counted by hand', manual: true });
    expect(run.durationMs).toBeGreaterThanOrEqual(25);
    expect(calls.at(-1)).toMatchObject({ parameter: 'by hand', manual: true });
    expect((await runsOf(id)).map((one) => one.id)).toEqual([run.id]);

    const failing = await add({ jobClassName: 'test.fail', cronExpression: '0 0 0 1 1 ?', status: JobStatus.Stopped });
    // POST, as the console sends it (the GET above is JeecgBoot's).
    const failed = await t.call(jobEndpoints.execute, { token: admin, query: { id: failing } });
    expect(failed.statusCode).toBe(200);
    expect(failed.envelope.message).toBe('Execution failed: the disk is full');
    const [record] = await runsOf(failing);
    expect(record).toMatchObject({ outcome: 'failed', message: 'the disk is full' });
    expect(record?.finishTime).not.toBeNull();

    expect((await call('GET', '/execute', { query: { id: 'nosuchjob' } })).status).toBe(404);
    await call('DELETE', '/deleteBatch', { query: { ids: `${id},${failing}` } });
  });

  it('runs a job on its schedule; pause stops it and resume starts it again', async () => {
    fakeClock();
    const id = await add({ jobClassName: 'test.count', cronExpression: '* * * * * ?', parameter: 'scheduled' });
    await passSeconds(2, t.app);
    const ran = await runsOf(id);
    expect(ran.filter((run) => run.outcome === 'ok').length).toBe(2);
    const [newest] = ran;
    expect(newest).toMatchObject({ manual: false, message: 'counted scheduled' });
    // A firing runs at its scheduled second.
    expect(new Date(newest!.fireTime).getMilliseconds()).toBe(0);

    const paused = await call('GET', '/pause', { query: { id } });
    expect(paused.body).toMatchObject({ success: true, message: 'Scheduled job paused' });
    expect((await byId(id)).status).toBe(JobStatus.Stopped);
    const atPause = (await runsOf(id)).length;
    await passSeconds(3, t.app);
    expect((await runsOf(id)).length).toBe(atPause);

    const resumed = await call('GET', '/resume', { query: { id } });
    expect(resumed.body).toMatchObject({ success: true, message: 'Scheduled job resumed' });
    await passSeconds(1, t.app);
    expect((await runsOf(id)).length).toBe(atPause + 1);
    await call('DELETE', '/delete', { query: { id } });
    expect((await call('GET', '/pause', { query: { id } })).status).toBe(404);
  });

  it('is the administrators’: others are refused, and the demo account may read but not change jobs', async () => {
    await addUser(t, admin, { username: 'job_stranger' });
    const stranger = await t.login('job_stranger', 'Passw0rd1');
    const demoId = await addUser(t, admin, { username: 'job_demo', selectedroles: 'r-admin' });
    await t.app.db.update(users).set({ demo: true }).where(eq(users.id, demoId));
    const demo = await t.login('job_demo', 'Passw0rd1');
    const [housekeeping] = (await queryRows<{ id: string }>(t, sql`select id from sys_quartz_job where job_class_name = 'device.offlineSweep'`)) as [{ id: string }];

    for (const [method, url] of [['GET', '/list'], ['GET', '/tasks'], ['POST', '/add'], ['GET', '/pause'], ['GET', '/resume'], ['GET', '/execute'], ['DELETE', '/delete']] as const) {
      const refused = await call(method, url, { token: stranger, query: { id: housekeeping.id }, payload: method === 'POST' ? { jobClassName: 'test.count', cronExpression: '0 * * * * ?' } : undefined });
      expect(refused.status, url).toBe(403);
      expect(refused.body.code, url).toBe(ServerCode.NO_PERMISSION);
    }
    expect((await call('GET', '/list', { token: demo })).status).toBe(200);
    for (const [method, url] of [['POST', '/add'], ['GET', '/pause'], ['GET', '/resume'], ['GET', '/execute'], ['DELETE', '/delete']] as const) {
      const refused = await call(method, url, { token: demo, query: { id: housekeeping.id }, payload: method === 'POST' ? { jobClassName: 'test.count', cronExpression: '0 * * * * ?' } : undefined });
      expect(refused.status, url).toBe(403);
      expect(refused.body.code, url).toBe(ServerCode.DEMO_NOT_SUPPORTED);
    }
    expect((await byId(housekeeping.id)).status).toBe(JobStatus.Running);
  });

  it('runs each firing exactly once on two processes sharing the database', async () => {
    // Before the second process is built: its reads of the job table (every 5 s) are on the fake clock too.
    fakeClock();
    const second = await buildApp(
      loadConfig({ ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', MAP_TILE_URL: 'none', MAP_GEOCODER_URL: 'none' }),
      { database: { db: t.app.db, kind: t.app.dbKind, bulkTransaction: t.app.bulkTransaction, bulkScript: t.app.bulkScript, reports: t.app.reportDatabase, close: async () => undefined }, logger: false },
    );
    registerTestTasks(second, 'second');
    await second.ready();
    try {
      const id = await add({ jobClassName: 'test.count', cronExpression: '* * * * * ?', parameter: 'shared' });
      // The second process reads the new job now rather than at its next poll.
      await second.jobs.sync();
      expect(t.app.jobs.scheduledJobs()).toContain(id);
      expect(second.jobs.scheduledJobs()).toContain(id);
      const started = Date.now();
      // Each second both processes fire at the same moment, and race to claim it.
      await passSeconds(4, t.app, second);
      await call('GET', '/pause', { query: { id } });
      expect(t.app.jobs.scheduledJobs()).not.toContain(id);
      // The pause reaches the second process at its next read of the job table (every 5 s), not before.
      expect(second.jobs.scheduledJobs()).toContain(id);
      await passSeconds(1, t.app, second);
      expect(second.jobs.scheduledJobs()).not.toContain(id);
      const fired = calls.filter((one) => one.parameter === 'shared' && one.fireTime.getTime() >= started);
      const runs = await queryRows<{ fire_time: Date; process: string }>(t, sql`select fire_time, process from sys_quartz_job_run where job_id = ${id}`);
      // Four seconds before the pause, and the second process's firing at the fifth, before its read.
      expect(fired.length).toBe(5);
      // Both processes schedule the job; each second was run by one of them only.
      const seconds = fired.map((one) => one.fireTime.getTime());
      expect(new Set(seconds).size).toBe(seconds.length);
      expect(runs.length).toBe(fired.length);
      await t.app.db.delete(jobRuns).where(eq(jobRuns.jobId, id));
      await call('DELETE', '/delete', { query: { id } });
    } finally {
      vi.useRealTimers();
      await second.close();
    }
  });
});
