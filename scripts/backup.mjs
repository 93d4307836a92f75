#!/usr/bin/env node
// Backs up a Cellsight installation into one folder (docs/operations.md, "Backup and restore"):
//   database.dump   pg_dump's custom format of the PostgreSQL database (DATABASE_URL), taken while the server runs;
//   pgdata.tar.gz   or the embedded database (DATA_DIR/pgdata), through PGlite's own dump (the server must be stopped);
//   files.tar.gz    the rest of DATA_DIR: uploads, firmware, secret.key (without it stored secrets cannot be read);
//   manifest.json   what was backed up, when, and from which schema version.
//
//   node scripts/backup.mjs [--out <folder>]
//
// It reads DATABASE_URL and DATA_DIR like the server (an unset DATA_DIR is apps/server/data, where
// `npm start` keeps it). Prints the folder it wrote, and exits non-zero when anything failed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** @param {NodeJS.ProcessEnv} env */
export const dataDirOf = (env) => resolve(repoRoot, 'apps/server', env.DATA_DIR || 'data');

/** @typedef {{ applied: number, latest: string | null }} SchemaVersion */
/**
 * What manifest.json records.
 * @typedef {{ createdAt: string, database: 'postgres' | 'pglite', dataDir: string, files: string[], schema?: SchemaVersion }} Manifest
 */

/**
 * The newest migration recorded in the database: restore refuses a backup newer than the code.
 * @param {string} url
 * @returns {Promise<SchemaVersion>}
 */
const schemaVersionPostgres = async (url) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations');
    return rows[0];
  } finally {
    await client.end();
  }
};

/** The embedded database is open while its server runs (PGlite keeps postmaster.pid then); a copy of it then would not be consistent. */
export const embeddedInUse = (pgdata) => existsSync(join(pgdata, 'postmaster.pid'));

/**
 * @param {{ env?: NodeJS.ProcessEnv, out?: string | undefined }} [options]
 * @returns {Promise<string>} the folder written
 */
export async function backup({ env = process.env, out } = {}) {
  const dataDir = dataDirOf(env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const folder = resolve(out ?? join(process.cwd(), 'backups', `cellsight-${stamp}`));
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: choose a new folder with --out`);
  mkdirSync(folder, { recursive: true });
  /** @type {Manifest} */
  const manifest = { createdAt: new Date().toISOString(), database: env.DATABASE_URL ? 'postgres' : 'pglite', dataDir, files: [] };
  try {
    if (env.DATABASE_URL) {
      // Custom format: compressed, and pg_restore can restore it whole or in part. One snapshot, so
      // it is consistent while the server keeps writing.
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${join(folder, 'database.dump')}`, `--dbname=${env.DATABASE_URL}`], { stdio: ['ignore', 'inherit', 'inherit'] });
      manifest.schema = await schemaVersionPostgres(env.DATABASE_URL);
      manifest.files.push('database.dump');
    } else {
      const pgdata = join(dataDir, 'pgdata');
      if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`no embedded database in ${pgdata}: set DATA_DIR (or DATABASE_URL for a PostgreSQL server)`);
      if (embeddedInUse(pgdata)) {
        throw new Error(`the embedded database in ${pgdata} is open: stop the server first (systemctl stop cellsight). If it is not running, its last stop was not clean: start and stop it once.`);
      }
      const db = new PGlite(pgdata);
      try {
        const { rows } = await db.query('select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations');
        manifest.schema = rows[0];
        const dump = await db.dumpDataDir('gzip');
        writeFileSync(join(folder, 'pgdata.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
      manifest.files.push('pgdata.tar.gz');
    }
    if (existsSync(dataDir)) {
      execFileSync('tar', ['-czf', join(folder, 'files.tar.gz'), '-C', dataDir, '--exclude=./pgdata', '--exclude=./pgdata.*', '.'], { stdio: ['ignore', 'inherit', 'inherit'] });
      manifest.files.push('files.tar.gz');
    }
    writeFileSync(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  } catch (error) {
    // No half backup left behind to be mistaken for a whole one.
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return folder;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  backup({ out: values.out }).then(
    (folder) => process.stdout.write(`Backed up to ${folder}\n`),
    (error) => {
      console.error(`Backup failed: ${error.message}`);
      process.exit(1);
    },
  );
}
