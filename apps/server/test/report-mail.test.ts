import { JobStatus, type JobRunRecord, type OutboxRecord } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, stations, tenants, users } from '../src/db/schema.js';
import { type Received, mailBody, startSmtpServer } from './support/message-servers.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

/**
 * The scheduled task `report.mail`: an online report mailed as a text table to its recipients, run
 * as the user who last saved the job, with that user's tenants and permissions.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: string;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, options: { token?: string; payload?: unknown; query?: Record<string, string> } = {}) => {
  const response = await t.request({ method, url: `/boot${url}`, token: options.token ?? admin, payload: options.payload as never, query: options.query });
  return { status: response.statusCode, body: response.json() as { success: boolean; message: string; result: unknown } };
};

/** Runs the job now and answers its run as the runs list records it. */
const runNow = async (jobId: string): Promise<JobRunRecord> => {
  const executed = await call('GET', '/sys/quartzJob/execute', { query: { id: jobId } });
  expect(executed.status, JSON.stringify(executed.body)).toBe(200);
  const runId = (executed.body.result as JobRunRecord).id;
  for (let attempt = 0; attempt < 100; attempt++) {
    const runs = (await call('GET', '/sys/quartzJobRun/list', { query: { jobId, pageSize: '100' } })).body.result as { records: JobRunRecord[] };
    const run = runs.records.find((one) => one.id === runId);
    if (run && run.outcome !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the run ${runId} did not end`);
};

const mailsTo = (address: string): Received[] => smtp.received.filter((mail) => mail.to.includes(address));

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The stand-in SMTP server listens on loopback, which only OUTBOUND_ALLOW opens.
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOUND_ALLOW: '127.0.0.1' });
  admin = await t.login('admin', adminPassword);
  await t.app.db.insert(tenants).values({ id: 2, name: 'Another company' });
  await t.app.db.insert(stations).values([
    { id: 'st-mail-a', tenantId: 1, name: 'Harbour Storage', region: 'North', status: 2 },
    { id: 'st-mail-b', tenantId: 1, name: 'Hillside Pack', region: 'South', status: 0 },
    { id: 'st-mail-c', tenantId: 1, name: 'Mill Lane', region: 'East', status: 2 },
    { id: 'st-mail-d', tenantId: 1, name: 'Quarry Row', region: 'West', status: 3 },
    { id: 'st-mail-foreign', tenantId: 2, name: 'Foreign Plant', region: 'North', status: 2 },
  ]);
  // The seeded report_stations (id hidden; name, region, status by its dictionary, owner, created) and a long one.
  const added = await call('POST', '/online/cgreport/head/add', {
    payload: {
      code: 'report_numbers',
      name: 'Numbers',
      cgrSql: 'select n from generate_series(1, 205) as n',
      items: [{ fieldName: 'n', fieldTxt: 'Number', fieldType: 'Integer', isShow: 1, isSearch: 0, searchMode: 'single', orderNum: 1, isTotal: 0 }],
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the report.mail task', () => {
  let jobId: string;

  it('is offered on the jobs screen and refuses a bad parameter on save, naming the place in it', async () => {
    const tasks = (await call('GET', '/sys/quartzJob/tasks')).body.result as { name: string }[];
    expect(tasks.map((task) => task.name)).toContain('report.mail');
    // No job of its own is seeded: an administrator adds it.
    expect(await t.app.db.select().from(jobs).where(eq(jobs.jobClassName, 'report.mail'))).toEqual([]);
    const cases: [string, string][] = [
      [JSON.stringify([{ code: 'report_stations', to: ['ops@example.com', 'not-an-address'] }]), 'parameter[0].to[1]: must be an e-mail address'],
      ['not json', 'parameter: must be JSON: [{"code": "<report code>", "to": ["<e-mail>"]}]'],
      [JSON.stringify([]), 'parameter: must name at least one report'],
      [JSON.stringify([{ code: 'report_stations', to: [] }]), 'parameter[0].to: must name at least one recipient'],
    ];
    for (const [parameter, message] of cases) {
      const refused = await call('POST', '/sys/quartzJob/add', { payload: { jobClassName: 'report.mail', cronExpression: '0 0 7 * * ?', parameter, status: JobStatus.Stopped } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const missing = await call('POST', '/sys/quartzJob/add', { payload: { jobClassName: 'report.mail', cronExpression: '0 0 7 * * ?', status: JobStatus.Stopped } });
    expect(missing.body.message).toBe('parameter: is required');
    expect(await t.app.db.select().from(jobs).where(eq(jobs.jobClassName, 'report.mail'))).toEqual([]);
  });

  it("mails the report's rows of the editor's tenants as a text table, one mail per recipient", async () => {
    const parameter = JSON.stringify([{ code: 'report_stations', to: ['ops@example.com', 'lead@example.com'] }]);
    const added = await call('POST', '/sys/quartzJob/add', { payload: { jobClassName: 'report.mail', cronExpression: '0 0 7 * * ?', parameter, status: JobStatus.Stopped } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    jobId = added.body.result as string;

    const run = await runNow(jobId);
    expect(run).toMatchObject({ outcome: 'ok', message: 'report_stations: 4 rows to 2 recipients' });
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([['lead@example.com'], ['ops@example.com']]);
    const [mail] = mailsTo('ops@example.com');
    expect(mail!.data).toMatch(/^subject: Report: Stations$/im);
    const body = mailBody(mail!);
    const lines = body.split(/\r?\n/);
    // Headings from the shown columns (not the hidden id), values lined up, dictionary texts.
    const heading = lines.findIndex((line) => /^Station\s+Region\s+Status\s+Owner\s+Created$/.test(line));
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 1]).toMatch(/^-+( +-+){4}$/);
    const rows = lines.slice(heading + 2, heading + 6);
    expect(rows.map((line) => line.split(/\s{2,}/)[0]).sort()).toEqual(['Harbour Storage', 'Hillside Pack', 'Mill Lane', 'Quarry Row']);
    expect(rows.find((line) => line.startsWith('Harbour Storage'))).toMatch(/^Harbour Storage\s+North\s+Normal\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(rows.find((line) => line.startsWith('Hillside Pack'))).toMatch(/^Hillside Pack\s+South\s+Fault\s/);
    expect(body).not.toContain('st-mail-a');
    expect(body).toContain('4 rows in all.');
    expect(body).not.toContain('Only the first');
    // Another tenant's station is not the editor's to see.
    expect(body).not.toContain('Foreign Plant');
    // The outbox keeps both, under the editor's tenant and name.
    const outbox = (await call('GET', '/sys/outbox/list', { query: { pageSize: '50' } })).body.result as { records: OutboxRecord[] };
    expect(outbox.records.filter((record) => record.subject === 'Report: Stations').map((record) => [record.status, record.createBy])).toEqual([
      ['sent', 'admin'],
      ['sent', 'admin'],
    ]);
  });

  it("cuts a long report at 200 rows and says so, in the editor's language", async () => {
    await t.app.db.update(users).set({ language: 'de-DE' }).where(eq(users.username, 'admin'));
    const parameter = JSON.stringify([{ code: 'report_numbers', to: ['numbers@example.com'] }]);
    expect((await call('PUT', '/sys/quartzJob/edit', { payload: { id: jobId, parameter } })).status).toBe(200);
    const run = await runNow(jobId);
    expect(run).toMatchObject({ outcome: 'ok', message: 'report_numbers: 205 rows to 1 recipient' });
    const [mail] = mailsTo('numbers@example.com');
    expect(mail!.data).toMatch(/^subject: Bericht: Numbers$/im);
    const body = mailBody(mail!);
    expect(body).toContain('205 Zeilen insgesamt.');
    expect(body).toContain('nur die ersten 200 Zeilen');
    const numbers = body.split(/\r?\n/).filter((line) => /^\d+$/.test(line.trim()));
    expect(numbers.length).toBe(200);
    expect(numbers.at(-1)?.trim()).toBe('200');
    await t.app.db.update(users).set({ language: 'en-US' }).where(eq(users.username, 'admin'));
  });

  it('runs as the last editor: one who may not run reports, or is frozen, fails the run and sends nothing', async () => {
    const secondAdminId = await addUser(t, admin, { username: 'second_admin', selectedroles: 'r-admin' });
    const second = await t.login('second_admin', 'Passw0rd1');
    const parameter = JSON.stringify([{ code: 'report_stations', to: ['nobody-should-get@example.com'] }]);
    expect((await call('PUT', '/sys/quartzJob/edit', { token: second, payload: { id: jobId, parameter } })).status).toBe(200);
    expect((await call('PUT', '/sys/user/edit', { payload: { id: secondAdminId, realname: 'Second', selectedroles: 'r-end-user' } })).status).toBe(200);

    const refused = await runNow(jobId);
    expect(refused).toMatchObject({ outcome: 'failed', message: 'second_admin, who last saved the job, may not run online reports (online:report:view)' });

    expect((await call('PUT', '/sys/user/frozenBatch', { payload: { ids: secondAdminId, status: 2 } })).status).toBe(200);
    const frozen = await runNow(jobId);
    expect(frozen).toMatchObject({ outcome: 'failed' });
    expect(frozen.message).toMatch(/^the job was last saved by second_admin, who is not an active user/);
    expect(mailsTo('nobody-should-get@example.com')).toEqual([]);
  });

  it('fails a run whose stored parameter is bad (edited by hand), naming the place in it', async () => {
    await t.app.db.update(jobs).set({ parameter: JSON.stringify([{ code: 'report_stations', to: ['ok@example.com', 'broken'] }]), updateBy: 'admin' }).where(eq(jobs.id, jobId));
    const run = await runNow(jobId);
    expect(run).toMatchObject({ outcome: 'failed', message: 'parameter[0].to[1]: must be an e-mail address' });
    await t.app.db.update(jobs).set({ parameter: JSON.stringify([{ code: 'no_such_report', to: ['ok@example.com'] }]) }).where(eq(jobs.id, jobId));
    expect(await runNow(jobId)).toMatchObject({ outcome: 'failed', message: 'parameter[0].code: no report has the code no_such_report' });
    expect(mailsTo('ok@example.com')).toEqual([]);
  });
});
