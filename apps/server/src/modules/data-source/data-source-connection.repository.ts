import { isIP } from 'node:net';
import pg from 'pg';
import { type DestinationPolicy, DestinationRefusedError } from '../../lib/destination-policy.js';
import { type DataSourceAddress, parseDataSourceUrl } from './data-source-address.js';
import { withTimeout } from '../../lib/with-timeout.js';

/** A report's statement, as the report sandbox (modules/report) and a data source run it. */
export interface SandboxQuery {
  /** The statement, already wrapped; `$n` placeholders only, every value in `params` (at least one, see below). */
  text: string;
  params: unknown[];
}

/** What a statement answered: its rows and its columns' types. */
export interface SandboxResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
}

/** A foreign PostgreSQL database a report may read (a data source), its password already opened. */
export interface ForeignDatabase {
  url: string;
  username: string;
  password: string | null;
  /** Judges the URL's host (OUTBOUND_ALLOW) and gives the addresses to connect to. */
  destinations: DestinationPolicy;
  /** Told why a connection failed: the answer itself only says that it did. */
  onUnreachable(error: unknown): void;
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

/** The data source's address is one the destination policy refuses (nothing was sent there). */
export class DataSourceRefusedError extends ReportQueryError {
  constructor(message: string) {
    super(message, undefined);
  }
}

/**
 * No database answered at the data source's address (refused, reset, timed out, not PostgreSQL, no
 * such host): one answer for all of them, so the data source form cannot be used to scan ports.
 */
export class DataSourceUnreachableError extends ReportQueryError {
  constructor() {
    super('could not connect to the data source', undefined);
  }
}

/**
 * Runs a report's statements on a data source: its own connection to the address the destination
 * policy judged, a read-only transaction, every statement with the timeout set again before it
 * (a function of the foreign database could turn it off for the next), always rolled back. No
 * role switch is possible on a foreign server: the data source's user should be one that can only
 * read, and a superuser (or a reader of the server's files) is refused.
 */
export async function runOnDataSource(database: ForeignDatabase, timeoutMs: number, queries: SandboxQuery[]): Promise<SandboxResult[]> {
  // Host, port and database from the URL; user and password from their own fields (a connection
  // string would override them with its own, empty, ones).
  let target: DataSourceAddress;
  try {
    target = parseDataSourceUrl(database.url);
  } catch {
    throw new ReportQueryError('the data source URL cannot be read', undefined);
  }
  const unreachable = (error: unknown) => {
    database.onUnreachable(error);
    return new DataSourceUnreachableError();
  };
  let address: string;
  try {
    const [first] = await withTimeout(database.destinations.resolve(target.hostname), timeoutMs, `the name ${target.hostname}`);
    address = first!.address;
  } catch (error) {
    if (error instanceof DestinationRefusedError) throw new DataSourceRefusedError(error.message);
    throw unreachable(error);
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const client = new pg.Client({
    // The judged address itself, never the name again; the name stays the TLS server name.
    host: address,
    port: target.port,
    database: target.database,
    ssl: target.ssl ? { rejectUnauthorized: false, ...(isIP(host) === 0 ? { servername: host } : {}) } : undefined,
    user: database.username,
    password: database.password ?? undefined,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
  });
  client.on('error', () => undefined);
  // What the server refused (with its SQLSTATE) is the answer; anything else is the network.
  const failure = (error: unknown): Error => (error instanceof ReportQueryError ? error : error instanceof pg.DatabaseError ? new ReportQueryError(error.message, error.code) : unreachable(error));
  try {
    await client.connect();
  } catch (error) {
    throw failure(error);
  }
  try {
    await client.query('begin transaction read only');
    const [role] = (
      await client.query<{ superuser: boolean; serverFiles: boolean }>(
        `select current_setting('is_superuser') = 'on' as superuser,
           exists (select 1 from pg_catalog.pg_roles r where r.rolname in ('pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program')
                     and pg_catalog.pg_has_role(r.oid, 'member')) as "serverFiles"`,
      )
    ).rows;
    if (role?.superuser || role?.serverFiles) {
      throw new ReportQueryError(`the data source's user ${database.username} is a superuser or may use the server's files; give the data source a user that can only read`, undefined);
    }
    const results: SandboxResult[] = [];
    for (const query of queries) {
      await client.query(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
      const result = await client.query(query.text, query.params);
      results.push({ rows: result.rows as Record<string, unknown>[], fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) });
    }
    return results;
  } catch (error) {
    throw failure(error);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Opens and closes a connection to a data source: the "test connection" of its page. */
export async function testConnection(database: ForeignDatabase, timeoutMs: number): Promise<void> {
  await runOnDataSource(database, timeoutMs, [{ text: 'select $1::int as ok', params: [1] }]);
}
