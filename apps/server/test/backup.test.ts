import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';

/**
 * The operator's backup and restore (scripts/backup.mjs, scripts/restore.mjs), run as an operator
 * runs them: a database with records, a backup, records changed and a table dropped, a restore,
 * and everything as it was at the backup. The embedded database on the PGlite project, a database
 * on the PostgreSQL server on the PostgreSQL project.
 */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const run = promisify(execFile);
const script = (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [join(repoRoot, 'scripts', name), ...args], { env: { PATH: process.env.PATH ?? '', ...env }, cwd: repoRoot });

const positionRows = async (query: (text: string) => Promise<{ rows: { code: string }[] }>) => (await query('select code from sys_position order by code')).rows.map((row) => row.code);
const addPosition = (code: string) => `insert into sys_position (id, code, name, post_rank, tenant_id) values ('${code.toLowerCase()}', '${code}', 'Position ${code}', '1', 1)`;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'cellsight-backup-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The files every backup carries besides the database: an upload and the key of stored secrets. */
const writeFiles = (dataDir: string) => {
  mkdirSync(join(dataDir, 'uploads', '2026'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', '2026', 'station.png'), 'picture bytes');
  writeFileSync(join(dataDir, 'secret.key'), 'the-key-of-stored-secrets');
};

describe.runIf(process.env.TEST_DATABASE !== 'postgres')('the embedded database', () => {
  it('backs up the data folder with the server stopped, refuses while it runs, and restores it', { timeout: 120_000 }, async () => {
    const dataDir = join(work, 'data');
    // A data folder with the tables the test reads and the migrations' own table: the embedded
    // backup copies the database's files whatever their schema (the whole schema's migration would
    // add 8 s here; the PostgreSQL test below runs on the real one).
    // Made in memory and loaded into the folder: a new database on disk takes longer to create.
    const memory = new PGlite();
    await memory.exec(`create schema drizzle;
      create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
      insert into drizzle.__drizzle_migrations (hash, created_at) values ('0000', 1790000000000);
      create table sys_position (id varchar(32) primary key, code varchar(32) not null, name varchar(100) not null, post_rank varchar(2) not null, tenant_id integer not null);
      create table sys_outbox (id varchar(32) primary key, status varchar(8) not null);
      insert into sys_outbox values ('m1', 'kept');`);
    const initial = await memory.dumpDataDir('none');
    await memory.close();
    mkdirSync(dataDir);
    const client = new PGlite(join(dataDir, 'pgdata'), { loadDataDir: initial });
    await client.query(addPosition('KEPT1'));
    await client.query(addPosition('KEPT2'));
    writeFiles(dataDir);

    // While the database is open (the server runs), a copy would not be consistent: refused, nothing left behind.
    const refused = script('backup.mjs', ['--out', join(work, 'refused')], { DATA_DIR: dataDir });
    await expect(refused).rejects.toThrow(/is open: stop the server first/);
    expect(existsSync(join(work, 'refused'))).toBe(false);
    await client.close();

    const backupDir = join(work, 'embedded-backup');
    const { stdout } = await script('backup.mjs', ['--out', backupDir], { DATA_DIR: dataDir });
    expect(stdout).toContain(`Backed up to ${backupDir}`);
    expect(readdirSync(backupDir).sort()).toEqual(['files.tar.gz', 'manifest.json', 'pgdata.tar.gz']);

    // Afterwards: one record deleted, one added, a table dropped, the upload lost.
    const changed = new PGlite(join(dataDir, 'pgdata'));
    await changed.query("delete from sys_position where code = 'KEPT1'");
    await changed.query(addPosition('LATER'));
    await changed.query('drop table sys_outbox');
    await changed.close();
    rmSync(join(dataDir, 'uploads'), { recursive: true });

    await script('restore.mjs', [backupDir], { DATA_DIR: dataDir });
    const restoredClient = new PGlite(join(dataDir, 'pgdata'));
    try {
      expect(await positionRows((text) => restoredClient.query(text))).toEqual(['KEPT1', 'KEPT2']);
      expect((await restoredClient.query('select count(*)::int as n from sys_outbox')).rows).toEqual([{ n: 1 }]);
    } finally {
      await restoredClient.close();
    }
    expect(readFileSync(join(dataDir, 'uploads', '2026', 'station.png'), 'utf8')).toBe('picture bytes');
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8')).toBe('the-key-of-stored-secrets');
    // The database that was replaced is kept beside it.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pgdata.before-restore-'))).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE === 'postgres')('a PostgreSQL server database', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `cellsight_backup_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const query = async (database: string, text: string) => {
    const client = new pg.Client({ connectionString: urlOf(database) });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    for (const database of [name, `${name}_copy`]) await query('postgres', `drop database if exists ${database} with (force)`);
  });

  it('backs up with pg_dump while in use, and restores into the same database and into a new one', { timeout: 120_000 }, async () => {
    await query('postgres', `create database ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url: urlOf(name) });
    await handle.close();
    await query(name, addPosition('KEPT1'));
    await query(name, addPosition('KEPT2'));
    const dataDir = join(work, 'pg-data');
    writeFiles(dataDir);

    const backupDir = join(work, 'pg-backup');
    // A connection stays open throughout, as a running server's would.
    const running = new pg.Client({ connectionString: urlOf(name) });
    await running.connect();
    try {
      await script('backup.mjs', ['--out', backupDir], { DATABASE_URL: urlOf(name), DATA_DIR: dataDir });
    } finally {
      await running.end();
    }
    expect(readdirSync(backupDir).sort()).toEqual(['database.dump', 'files.tar.gz', 'manifest.json']);
    expect(JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'))).toMatchObject({ database: 'postgres', schema: { applied: expect.any(Number) } });

    await query(name, "delete from sys_position where code = 'KEPT1'");
    await query(name, addPosition('LATER'));
    await query(name, 'drop table sys_outbox');
    rmSync(join(dataDir, 'uploads'), { recursive: true });

    await script('restore.mjs', [backupDir], { DATABASE_URL: urlOf(name), DATA_DIR: dataDir });
    expect(await positionRows((text) => query(name, text))).toEqual(['KEPT1', 'KEPT2']);
    expect((await query(name, 'select count(*)::int as n from sys_outbox')).rows).toEqual([{ n: 0 }]);
    expect(readFileSync(join(dataDir, 'uploads', '2026', 'station.png'), 'utf8')).toBe('picture bytes');

    // A new server: the database does not exist yet; the restore creates it, and the server finds its migrations applied.
    await script('restore.mjs', [backupDir], { DATABASE_URL: urlOf(`${name}_copy`), DATA_DIR: join(work, 'pg-data-copy') });
    expect(await positionRows((text) => query(`${name}_copy`, text))).toEqual(['KEPT1', 'KEPT2']);
    const copy = await openDatabase({ kind: 'postgres', url: urlOf(`${name}_copy`) });
    await copy.close();
    expect(readFileSync(join(work, 'pg-data-copy', 'secret.key'), 'utf8')).toBe('the-key-of-stored-secrets');
  });
});
