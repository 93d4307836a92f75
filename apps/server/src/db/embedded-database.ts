import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { serverPath } from '../paths.js';
import { PgliteThread } from './pglite-thread.js';

/** The part of PGlite that drizzle and the bulk writer use: PGlite itself, or PGlite in its own thread. */
export type PgliteClient = Pick<PGlite, 'waitReady' | 'query' | 'transaction' | 'dumpDataDir' | 'close'>;

/**
 * PostgreSQL settings of the embedded database. Its buffer pool lives in the process's memory
 * (WebAssembly) and, once touched, is never given back: 32 MB instead of PostgreSQL's 128 MB keeps
 * the server well under 500 MB under full telemetry load; the pages it no longer holds stay in the
 * operating system's file cache.
 */
const embeddedSettings = ['shared_buffers=32MB'];

export interface EmbeddedDatabaseOptions {
  /** An in-memory database starts as a copy of this dump (`DatabaseHandle.dump`). */
  from?: Blob;
  /** PGlite in a worker thread of its own (the server's default, pglite-thread.ts), or on the caller's thread. */
  thread?: 'worker' | 'main';
  /** Further PostgreSQL settings (`name=value`), after the embedded database's own. */
  settings?: string[];
}

/**
 * Starts the embedded database (PGlite) on `dataDir`'s `pgdata` folder, or in memory when it is
 * null; a new folder starts from the build's template. In a thread of its own the start is under
 * way when this returns (PostgreSQL's WebAssembly compiling and its files opening on the other
 * core), which is why server.ts calls it before loading the rest of the server; `waitReady` tells
 * when it is done. Migrations are openDatabase's.
 */
export async function startEmbeddedDatabase(dataDir: string | null, { from, thread = 'worker', settings = [] }: EmbeddedDatabaseOptions = {}): Promise<PgliteClient> {
  let dir: string | null = null;
  if (dataDir !== null) {
    dir = resolve(dataDir, 'pgdata');
    // A dump to load (`from`) is the new folder's content: PGlite refuses to load one over a cluster.
    if (!from && !existsSync(resolve(dir, 'PG_VERSION'))) copyBuiltTemplate(dir);
    mkdirSync(dir, { recursive: true });
  }
  const all = [...embeddedSettings, ...settings];
  if (thread === 'worker') return new PgliteThread(dir, { ...(from ? { loadDataDir: from } : {}), settings: all });
  const { PGlite: OnThisThread } = await import('@electric-sql/pglite');
  const options = { ...(from ? { loadDataDir: from } : {}), startParams: [...OnThisThread.defaultStartParams, ...all.flatMap((setting) => ['-c', setting])] };
  return dir ? new OnThisThread(dir, options) : new OnThisThread(options);
}

/**
 * A new data folder starts as a copy of the migrated, empty embedded database that the build
 * makes (`npm run build`, scripts/build-server.mjs) for the PGlite it was made with: creating a
 * PostgreSQL cluster (initdb) and running every migration take some 6 s on a small machine, the
 * copy a fraction of one. It is copied as files, not loaded from a dump, which PGlite would unpack
 * in memory (some 120 MB that the process keeps). Without a build's template PGlite creates the
 * cluster itself. Migrations newer than the build still run after it.
 */
const copyBuiltTemplate = (dir: string): void => {
  const template = pgliteTemplateDir();
  if (!existsSync(resolve(template, 'PG_VERSION'))) return;
  // Copied beside the target and renamed, so a start stopped half-way never leaves half a cluster.
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  // The build leaves the template readable by all (the server may run as another user than the
  // build); the copy is the database's own again, as PostgreSQL keeps its files.
  for (const entry of readdirSync(partial, { recursive: true, withFileTypes: true })) {
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
  chmodSync(partial, 0o700);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
};

/** Where the build keeps the embedded database's template: named by the PGlite version that made it. */
export const pgliteTemplateDir = (): string => serverPath('dist', `pglite-template-${pgliteVersion()}`);

/** The installed PGlite's version (its package.json, found beside its entry module). */
const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = resolve(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === '@electric-sql/pglite' && version) return version;
    }
  }
  return 'unknown';
};
