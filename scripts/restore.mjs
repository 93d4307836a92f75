#!/usr/bin/env node
// Puts a backup of scripts/backup.mjs back (docs/operations.md, "Backup and restore"). Stop every
// server process of the installation first: the database is replaced under them.
//
//   node scripts/restore.mjs <backup folder>
//
// PostgreSQL (DATABASE_URL): every schema of the database is dropped and the backup played in, in
// one transaction, so the database is as it was at the backup; a database that does not exist yet
// is created. Embedded (DATA_DIR): the current pgdata is kept
// beside it as pgdata.before-restore-<time> and the backup's is loaded. Then the files (uploads,
// firmware, secret.key) are unpacked into DATA_DIR over what is there.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { dataDirOf, embeddedInUse } from './backup.mjs';

/** @typedef {import('./backup.mjs').Manifest} Manifest */

/**
 * The role online reports run as (migration 0028) is cluster-wide: a new server needs it before the backup's grants to it.
 * @param {pg.Client} client
 */
const ensureReportRole = async (client) => {
  await client.query(`DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'cellsight_report') THEN
      CREATE ROLE cellsight_report NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
    END IF;
    IF NOT pg_catalog.pg_has_role(current_user, 'cellsight_report', 'MEMBER') THEN
      EXECUTE format('GRANT cellsight_report TO %I', current_user);
    END IF;
  END $$`);
};

/**
 * Creates the database named in the URL when it is missing (a restore onto a new server).
 * @param {string} url
 */
const ensureDatabase = async (url) => {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
};

/**
 * Drops every schema of the database and plays the dump's SQL (pg_restore) into psql, all in one
 * transaction: a failure leaves the database as it was. (pg_restore --clean cannot drop the
 * constraints that partitions of tb_battery_sample inherit.)
 * @param {string} url
 * @param {string} dumpFile
 */
const replaceDatabase = async (url, dumpFile) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  /** @type {{ nspname: string }[]} */
  let schemas;
  try {
    ({ rows: schemas } = await client.query("select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'"));
  } finally {
    await client.end();
  }
  const drops = schemas.map(({ nspname }) => `drop schema if exists "${nspname.replaceAll('"', '""')}" cascade;`).join('\n');
  const psql = spawn('psql', ['--quiet', '--no-psqlrc', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${url}`], { stdio: ['pipe', 'ignore', 'inherit'] });
  const dump = spawn('pg_restore', ['--no-owner', '--file=-', dumpFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  /**
   * @param {import('node:child_process').ChildProcess} child
   * @param {string} name
   */
  const exited = (child, name) =>
    /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => {
      child.once('error', reject);
        child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`))));
      })
    );
  const done = Promise.all([exited(psql, 'psql'), exited(dump, 'pg_restore')]);
  psql.stdin.write(`${drops}\ncreate schema public;\n`);
  dump.stdout.pipe(psql.stdin);
  await done;
};

/**
 * @param {{ env?: NodeJS.ProcessEnv, from: string }} options
 * @returns {Promise<Manifest>} the manifest of the backup restored
 */
export async function restore({ env = process.env, from }) {
  const folder = resolve(from);
  const manifestFile = join(folder, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${folder} holds no manifest.json: not a backup of scripts/backup.mjs`);
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const dataDir = dataDirOf(env);
  if (manifest.database === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('the backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into');
    await ensureDatabase(env.DATABASE_URL);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await ensureReportRole(client);
    } finally {
      await client.end();
    }
    await replaceDatabase(env.DATABASE_URL, join(folder, 'database.dump'));
  } else {
    if (env.DATABASE_URL) throw new Error('the backup is of the embedded database: unset DATABASE_URL and set DATA_DIR');
    const pgdata = join(dataDir, 'pgdata');
    if (embeddedInUse(pgdata)) throw new Error(`the embedded database in ${pgdata} is open: stop the server first`);
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(pgdata)) renameSync(pgdata, `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const dump = new Blob([readFileSync(join(folder, 'pgdata.tar.gz'))]);
    const db = new PGlite(pgdata, { loadDataDir: dump });
    await db.waitReady;
    await db.close();
  }
  if (manifest.files.includes('files.tar.gz')) {
    mkdirSync(dataDir, { recursive: true });
    execFileSync('tar', ['-xzf', join(folder, 'files.tar.gz'), '-C', dataDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const from = process.argv[2];
  if (!from) {
    console.error('Usage: node scripts/restore.mjs <backup folder>');
    process.exit(2);
  }
  restore({ from }).then(
    (manifest) => process.stdout.write(`Restored the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} backup of ${manifest.createdAt} from ${resolve(from)}\n`),
    (error) => {
      console.error(`Restore failed: ${error.message}`);
      process.exit(1);
    },
  );
}
