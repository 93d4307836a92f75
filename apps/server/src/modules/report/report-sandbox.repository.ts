import pg from 'pg';
import type { BulkSession, BulkTransaction } from '../../db/database.js';

/** The role reports run as (created by the online reports migration): it reads only the views of schema `report`. */
export const reportRole = 'cellsight_report';

export interface SandboxQuery {
  /** The statement, already wrapped; `$n` placeholders only, every value in `params` (at least one, see below). */
  text: string;
  params: unknown[];
}

export interface SandboxResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
}

/** A foreign PostgreSQL database a report may read (a data source), its password already opened. */
export interface ForeignDatabase {
  url: string;
  username: string;
  password: string | null;
}

/** What the database refused of a report's SQL (permission, syntax, read-only, timeout…): a 400 naming `cgrSql`. */
export class ReportQueryError extends Error {
  constructor(
    message: string,
    readonly sqlState: string | undefined,
  ) {
    super(message);
  }
}

/**
 * The database lets the report role call set_config, with which a report could take back the
 * connection's own role (its session user may) or widen its tenants: reports stay off until a
 * superuser revokes it (the online reports migration does, when it runs as one).
 */
export class SandboxNotSealedError extends Error {
  constructor() {
    super(`online reports are off: the database lets ${reportRole} call set_config; a superuser must run REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC`);
  }
}

/** Thrown to leave a transaction by rolling it back with the answer in hand: a report never commits anything. */
class RolledBack {
  constructor(readonly value: SandboxResult[]) {}
}

const refusal = (error: unknown): unknown => {
  if (error instanceof RolledBack || error instanceof ReportQueryError || error instanceof SandboxNotSealedError) return error;
  const failure = error as { message?: string; code?: unknown };
  // A database error carries its SQLSTATE (five characters); anything else is the platform's own fault.
  if (typeof failure.code === 'string' && /^[0-9A-Z]{5}$/.test(failure.code)) return new ReportQueryError(failure.message ?? 'the query was refused', failure.code);
  return error;
};

/**
 * Runs a report's statements on the platform's database in the sandbox: a read-only transaction with
 * a statement timeout, the caller's tenants in `cellsight.report_tenants` (which the views read), and
 * the role `cellsight_report`. Every statement goes with bound parameters, so the extended protocol
 * refuses a second statement. Afterwards the session is checked to be as it was set up (a report
 * that changed its role or tenants is refused), and the transaction is always rolled back.
 */
export async function runInSandbox(transaction: BulkTransaction, tenants: number[], timeoutMs: number, queries: SandboxQuery[]): Promise<SandboxResult[]> {
  const tenantList = tenants.filter((id) => Number.isInteger(id)).join(',');
  try {
    await transaction(async (session: BulkSession) => {
      await session.query('set transaction read only');
      // Checked on every run (a cheap catalogue lookup), so a grant made later also turns reports off.
      const [seal] = await session.query<{ open: boolean }>(`select has_function_privilege('${reportRole}', 'pg_catalog.set_config(text, text, boolean)', 'EXECUTE') as open`);
      if (seal?.open !== false) throw new SandboxNotSealedError();
      // SET takes no parameters: both values are integers the server made, never a caller's text.
      await session.query(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
      await session.query(`set local cellsight.report_tenants = '${tenantList}'`);
      await session.query(`set local role ${reportRole}`);
      const results: SandboxResult[] = [];
      try {
        for (const query of queries) results.push(await session.queryWithFields(query.text, query.params));
      } catch (error) {
        throw refusal(error);
      }
      const [state] = await session.query<{ role: string; tenants: string | null }>(`select current_user as role, current_setting('cellsight.report_tenants', true) as tenants`);
      if (state?.role !== reportRole || (state.tenants ?? '') !== tenantList) throw new ReportQueryError('a report may not change its role or settings', undefined);
      throw new RolledBack(results);
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value;
    throw refusal(error);
  }
  throw new Error('the report transaction ended without an answer');
}

/**
 * Runs a report's statements on a data source: its own connection, a read-only transaction with the
 * timeout, always rolled back. No role switch is possible on a foreign server: the data source's
 * user should be one that can only read.
 */
export async function runOnDataSource(database: ForeignDatabase, timeoutMs: number, queries: SandboxQuery[]): Promise<SandboxResult[]> {
  // Host, port and database from the URL; user and password from their own fields (a connection
  // string would override them with its own, empty, ones).
  let url: URL;
  try {
    url = new URL(database.url);
  } catch {
    throw new ReportQueryError('the data source URL cannot be read', undefined);
  }
  const client = new pg.Client({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 5432,
    database: url.pathname.replace(/^\//, ''),
    ssl: url.searchParams.get('sslmode') === 'require' ? { rejectUnauthorized: false } : undefined,
    user: database.username,
    password: database.password ?? undefined,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new ReportQueryError(`the data source cannot be reached: ${(error as Error).message}`, undefined);
  }
  try {
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
    const results: SandboxResult[] = [];
    for (const query of queries) {
      const result = await client.query(query.text, query.params);
      results.push({ rows: result.rows as Record<string, unknown>[], fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) });
    }
    return results;
  } catch (error) {
    throw refusal(error);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Opens and closes a connection to a data source: the "test connection" of its page. */
export async function testConnection(database: ForeignDatabase, timeoutMs: number): Promise<void> {
  await runOnDataSource(database, timeoutMs, [{ text: 'select $1::int as ok', params: [1] }]);
}
