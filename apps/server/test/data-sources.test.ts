import { maskedPassword } from '@cellsight/contract';
import { type AddressInfo, type Socket, createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSources } from '../src/db/schema.js';
import { closedPort } from './support/message-servers.js';
import { adminStatement, databaseUrl } from './support/postgres-admin.js';
import { describeNeeding, postgresService } from './support/required-services.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/**
 * Data sources (System → Data sources): further PostgreSQL databases a report may read. The stored
 * password goes only to the address it was stored with, the address must pass the destination
 * policy (OUTBOUND_ALLOW), a failed connection tells nothing of the port, and reports there run
 * read-only, with the report timeout, never as a superuser.
 */

interface Received {
  user: string | undefined;
  database: string | undefined;
  password: string;
}

/**
 * A TCP listener standing in for a PostgreSQL server: `password` asks for the password in clear
 * text and records it (then refuses the sign-in), `hangup` closes every connection at once,
 * `garbage` answers as a web server would.
 */
async function startFakePostgres(behaviour: 'password' | 'hangup' | 'garbage' = 'password') {
  const received: Received[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (behaviour === 'hangup') return socket.destroy();
    if (behaviour === 'garbage') return socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    let buffer = Buffer.alloc(0);
    let startup: Record<string, string> | null = null;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!startup) {
        if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) return;
        const length = buffer.readInt32BE(0);
        const parts = buffer.subarray(8, length - 1).toString('utf8').split('\0');
        startup = {};
        for (let index = 0; index + 1 < parts.length; index += 2) startup[parts[index]!] = parts[index + 1]!;
        buffer = buffer.subarray(length);
        // AuthenticationCleartextPassword.
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
        return;
      }
      if (buffer.length < 5 || buffer[0] !== 0x70 || buffer.length < 1 + buffer.readInt32BE(1)) return;
      received.push({ user: startup.user, database: startup.database, password: buffer.subarray(5, buffer.readInt32BE(1)).toString('utf8') });
      const fields = Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed\0\0', 'utf8');
      const error = Buffer.alloc(5);
      error.write('E');
      error.writeInt32BE(4 + fields.length, 1);
      socket.end(Buffer.concat([error, fields]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const dataSource = (overrides: Record<string, unknown> = {}) => ({ code: 'ds_local', name: 'Local', dbType: 'postgresql', dbUrl: 'postgres://db.example.invalid:5432/postgres', dbUsername: 'reader', dbPassword: 'Secr3t!', ...overrides });

describe('data sources', () => {
  let t: TestApp;
  let admin: string;
  let home: Awaited<ReturnType<typeof startFakePostgres>>;
  let elsewhere: Awaited<ReturnType<typeof startFakePostgres>>;
  const testConnection = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/sys/dataSource/testConnection', token: admin, payload });

  beforeAll(async () => {
    // The stand-in servers listen on loopback, which only OUTBOUND_ALLOW opens.
    t = await createTestApp({ SECRET_KEY: 'a-test-secret-key-of-some-length', REPORT_TIMEOUT_MS: '1500', OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await t.login('admin', adminPassword);
    home = await startFakePostgres();
    elsewhere = await startFakePostgres();
  });
  afterAll(async () => {
    await home?.close();
    await elsewhere?.close();
    await t?.close();
  });

  it('stores the password encrypted, never answers it, and keeps it when an edit sends none', async () => {
    const added = await t.request({ method: 'POST', url: '/boot/sys/dataSource/add', token: admin, payload: dataSource() });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result;
    const [row] = await t.app.db.select().from(dataSources).where(eq(dataSources.id, id));
    expect(row?.dbPassword).toMatch(/^v2:/);
    expect(row?.dbPassword).not.toContain('Secr3t!');
    const listed = (await t.request({ method: 'GET', url: '/boot/sys/dataSource/list', token: admin })).json().result.records;
    expect(listed).toEqual([expect.objectContaining({ code: 'ds_local', dbPassword: maskedPassword })]);
    expect((await t.request({ method: 'GET', url: '/boot/sys/dataSource/queryById', token: admin, query: { id } })).body).not.toContain('Secr3t!');
    await t.request({ method: 'PUT', url: '/boot/sys/dataSource/edit', token: admin, payload: { id, name: 'Local database' } });
    const [kept] = await t.app.db.select().from(dataSources).where(eq(dataSources.id, id));
    expect(kept?.dbPassword).toBe(row?.dbPassword);
    const other = await t.request({ method: 'POST', url: '/boot/sys/dataSource/add', token: admin, payload: dataSource({ code: 'ds_mysql', dbType: 'mysql' }) });
    expect(other.json().result.errors).toEqual([{ field: 'dbType', message: 'must be postgresql (the only database type supported)' }]);
  });

  it('sends a stored password only to the address it was stored with: another host, port or database needs it again', async () => {
    const homeUrl = `postgres://127.0.0.1:${home.port}/home`;
    const added = await t.request({ method: 'POST', url: '/boot/sys/dataSource/add', token: admin, payload: dataSource({ code: 'ds_bound', dbUrl: homeUrl, dbPassword: 'Bound-pass-1' }) });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result as string;
    const refusal = { field: 'dbPassword', message: 'the address changes (host, port or database): enter the password again; a stored password is only ever sent to the address it was stored with' };
    for (const dbUrl of [`postgres://127.0.0.1:${elsewhere.port}/home`, `postgres://127.0.0.1:${home.port}/other`, `postgres://localhost:${home.port}/home`]) {
      const tried = await testConnection({ id, dbType: 'postgresql', dbUrl, dbUsername: 'reader' });
      expect(tried.statusCode, `${dbUrl}: ${tried.body}`).toBe(400);
      expect(tried.json().result.errors).toEqual([refusal]);
      const edited = await t.request({ method: 'PUT', url: '/boot/sys/dataSource/edit', token: admin, payload: { id, dbUrl } });
      expect(edited.statusCode, `${dbUrl}: ${edited.body}`).toBe(400);
      expect(edited.json().result.errors).toEqual([refusal]);
    }
    expect(elsewhere.connections()).toBe(0);
    expect(home.connections()).toBe(0);
    const [row] = await t.app.db.select().from(dataSources).where(eq(dataSources.id, id));
    expect(row?.dbUrl).toBe(homeUrl);

    // At its own address the stored password is used.
    expect((await testConnection({ id, dbType: 'postgresql', dbUrl: homeUrl, dbUsername: 'reader' })).json().result.ok).toBe(false);
    expect(home.received).toEqual([{ user: 'reader', database: 'home', password: 'Bound-pass-1' }]);
    // A new address with the password given again is fine, and the stored one then goes there.
    const moved = await t.request({ method: 'PUT', url: '/boot/sys/dataSource/edit', token: admin, payload: { id, dbUrl: `postgres://127.0.0.1:${elsewhere.port}/moved`, dbPassword: 'Moved-pass-2' } });
    expect(moved.statusCode, moved.body).toBe(200);
    await testConnection({ id, dbType: 'postgresql', dbUrl: `postgres://127.0.0.1:${elsewhere.port}/moved`, dbUsername: 'reader' });
    expect(elsewhere.received).toEqual([{ user: 'reader', database: 'moved', password: 'Moved-pass-2' }]);
    // A password typed into the form goes wherever the form says.
    await testConnection({ id, dbType: 'postgresql', dbUrl: homeUrl, dbUsername: 'reader', dbPassword: 'Typed-pass-3' });
    expect(home.received.at(-1)?.password).toBe('Typed-pass-3');
  });

  it('answers one "could not connect" for every network failure, whatever the port does', async () => {
    const hangup = await startFakePostgres('hangup');
    const garbage = await startFakePostgres('garbage');
    try {
      const answers = new Set<string>();
      for (const port of [await closedPort(), hangup.port, garbage.port]) {
        const response = await testConnection({ dbType: 'postgresql', dbUrl: `postgres://127.0.0.1:${port}/x`, dbUsername: 'reader', dbPassword: 'x' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().result.ok).toBe(false);
        answers.add(response.json().result.message);
      }
      expect([...answers]).toEqual(['Could not connect to the data source (the server log has the reason)']);
      // A host that does not resolve is a network failure too.
      const unknown = await testConnection({ dbType: 'postgresql', dbUrl: 'postgres://no-such-host.invalid:5432/x', dbUsername: 'reader', dbPassword: 'x' });
      expect(unknown.json().result.message).toBe('Could not connect to the data source (the server log has the reason)');
    } finally {
      await hangup.close();
      await garbage.close();
    }
  });
});

describe('data sources and the destination policy', () => {
  let t: TestApp;
  let admin: string;
  let listener: Awaited<ReturnType<typeof startFakePostgres>>;

  beforeAll(async () => {
    // The default: no OUTBOUND_ALLOW.
    t = await createTestApp({ SECRET_KEY: 'a-test-secret-key-of-some-length' });
    admin = await t.login('admin', adminPassword);
    listener = await startFakePostgres();
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  it('refuses a database on this machine, however its address is written, before connecting', async () => {
    for (const host of ['127.0.0.1', 'localhost', '0x7f.1', '2130706433', '[::ffff:127.0.0.1]']) {
      const response = await t.request({
        method: 'POST',
        url: '/boot/sys/dataSource/testConnection',
        token: admin,
        payload: { dbType: 'postgresql', dbUrl: `postgres://${host}:${listener.port}/postgres`, dbUsername: 'postgres', dbPassword: 'x' },
      });
      expect(response.statusCode, `${host}: ${response.body}`).toBe(400);
      expect(response.json().message, host).toMatch(/^dbUrl: .*a loopback address; the platform connects to such addresses only when OUTBOUND_ALLOW lists them$/);
    }
    // Nor does a report there run.
    await t.request({ method: 'POST', url: '/boot/sys/dataSource/add', token: admin, payload: dataSource({ code: 'ds_self', dbUrl: `postgres://127.0.0.1:${listener.port}/postgres` }) });
    const report = await t.request({ method: 'POST', url: '/boot/online/cgreport/head/add', token: admin, payload: { code: 'rp_self', name: 'Self', dbSource: 'ds_self', cgrSql: 'select 1 as one' } });
    expect(report.statusCode, report.body).toBe(200);
    const run = await t.request({ method: 'GET', url: `/boot/online/cgreport/api/getData/${report.json().result}`, token: admin });
    expect(run.statusCode, run.body).toBe(400);
    expect(run.json().message).toMatch(/^cgrSql: .*a loopback address/);
    expect(listener.connections()).toBe(0);
  });
});

/**
 * On a real second database (TEST_DATABASE_URL's server, a database and a login role of this test's
 * own): reports there are read-only, cut at REPORT_TIMEOUT_MS, and never run as a superuser.
 */
describeNeeding([postgresService])('reports on a data source', () => {
  const suffix = `${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const database = `cellsight_ds_${suffix}`;
  const reader = `cellsight_reader_${suffix}`;
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const timeoutMs = 1500;
  let t: TestApp;
  let admin: string;
  const addReport = async (code: string, cgrSql: string, fieldName: string) => {
    const added = await t.request({
      method: 'POST',
      url: '/boot/online/cgreport/head/add',
      token: admin,
      payload: { code, name: code, dbSource: 'ds_real', cgrSql, items: [{ fieldName, fieldTxt: fieldName, fieldType: 'String', isShow: 1, isSearch: 0, searchMode: 'single', orderNum: 0, isTotal: 0 }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().result as string;
  };
  const run = (id: string) => t.request({ method: 'GET', url: `/boot/online/cgreport/api/getData/${id}`, token: admin });

  beforeAll(async () => {
    await adminStatement(serverUrl, `create database ${database}`);
    await adminStatement(serverUrl, `create role ${reader} login password 'Reader-pass-1'`);
    const dbUrl = databaseUrl(serverUrl, database);
    for (const statement of [
      'create table readings (id serial primary key, value int not null)',
      'insert into readings (value) values (1), (2), (3)',
      // Privileges would allow the writes: only the read-only transaction refuses them.
      `grant select, update on readings to ${reader}`,
      `grant usage, update on sequence readings_id_seq to ${reader}`,
      // A function of the foreign database the report may call (report-sql.ts refuses set_config by name only).
      "create function untimed() returns text language sql as $$ select set_config('statement_timeout', '0', true) $$",
    ]) {
      await adminStatement(dbUrl, statement);
    }
    const server = new URL(serverUrl);
    t = await createTestApp({ REPORT_TIMEOUT_MS: String(timeoutMs), SECRET_KEY: 'a-test-secret-key-of-some-length', OUTBOUND_ALLOW: server.hostname });
    admin = await t.login('admin', adminPassword);
    const added = await t.request({
      method: 'POST',
      url: '/boot/sys/dataSource/add',
      token: admin,
      payload: dataSource({ code: 'ds_real', dbUrl: `postgres://${server.hostname}:${server.port || 5432}/${database}`, dbUsername: reader, dbPassword: 'Reader-pass-1' }),
    });
    expect(added.statusCode, added.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await adminStatement(serverUrl, `drop database if exists ${database} with (force)`);
    await adminStatement(serverUrl, `drop role if exists ${reader}`);
  });

  it('connects, reads, and refuses every write', async () => {
    const [stored] = await t.app.db.select().from(dataSources);
    const tested = await t.request({ method: 'POST', url: '/boot/sys/dataSource/testConnection', token: admin, payload: { id: stored?.id, dbType: 'postgresql', dbUrl: stored?.dbUrl, dbUsername: reader } });
    expect(tested.json().result).toEqual({ ok: true, message: 'Connected' });
    const read = await run(await addReport('rp_read', "select sum(value)::text as total, current_setting('transaction_read_only') as read_only from readings", 'total'));
    expect(read.json().result?.records, read.body).toEqual([{ total: '6', read_only: 'on' }]);
    for (const [code, cgrSql] of [
      ['rp_lock', 'select id::text as id from readings for update'],
      ['rp_sequence', "select nextval('readings_id_seq')::text as id"],
    ] as const) {
      const refused = await run(await addReport(code, cgrSql, 'id'));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().result.errors[0]).toMatchObject({ field: 'cgrSql', message: expect.stringMatching(/read-only transaction/) });
    }
  });

  it('cuts a long query at the report timeout', async () => {
    const started = performance.now();
    const response = await run(await addReport('rp_sleep', 'select pg_sleep(10)::text as slept', 'slept'));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/statement timeout/);
    expect(performance.now() - started).toBeLessThan(timeoutMs * 2 + 1000);
  });

  it('gives every statement of a report the timeout: one cannot turn it off for the next', async () => {
    // The first statement (the page) turns the timeout off; the next (the count) would then sleep 10 s.
    const sly = "select case when current_setting('statement_timeout') = '0' then pg_sleep(10)::text else untimed() end as slept";
    const started = performance.now();
    const response = await run(await addReport('rp_untimed', sly, 'slept'));
    expect(response.statusCode, response.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(timeoutMs + 1000);
  });

  it('refuses to run as a superuser', async () => {
    const server = new URL(serverUrl);
    const response = await t.request({
      method: 'POST',
      url: '/boot/sys/dataSource/testConnection',
      token: admin,
      payload: { dbType: 'postgresql', dbUrl: `postgres://${server.hostname}:${server.port || 5432}/${database}`, dbUsername: decodeURIComponent(server.username) || 'postgres', dbPassword: decodeURIComponent(server.password) || 'x' },
    });
    expect(response.json().result).toEqual({ ok: false, message: expect.stringMatching(/is a superuser/) });
  });
});
