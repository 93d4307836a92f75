import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { adminStatement, databaseUrl, testServerUrl } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, empty embedded database as a PGlite dump file (the `server` project). */
    pgliteTemplateFile?: string;
    /** A migrated, empty database on TEST_DATABASE_URL's server that test databases are copied from (`server-postgres`). */
    postgresTemplateDatabase: string;
  }
}

/**
 * Migrates one empty database for the whole run, before any test file starts, so that each test
 * app starts from a copy of it instead of running every migration again. A fresh PGlite and its
 * migrations take some 7 s on this kind of machine, a copy about 1 s; on PostgreSQL a copy is a
 * `CREATE DATABASE … TEMPLATE`, which takes a fraction of the migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'server-postgres') {
    const serverUrl = testServerUrl();
    const name = `cellsight_template_${process.pid}_${Date.now()}`;
    const admin = (statement: string) => adminStatement(serverUrl, statement);
    await admin(`create database ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
    await handle.close();
    project.provide('postgresTemplateDatabase', name);
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'cellsight-test-template-'));
  const file = join(folder, 'pglite-migrated.tar');
  const handle = await openDatabase({ kind: 'pglite', dataDir: null, thread: 'main' });
  try {
    writeFileSync(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplateFile', file);
  return async () => rmSync(folder, { recursive: true, force: true });
}
