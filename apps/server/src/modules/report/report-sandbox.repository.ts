import type { ReportDatabase, ReportSession } from '../../db/database.js';
import { ReportQueryError, type SandboxQuery, type SandboxResult } from '../data-source/index.js';

/** The role reports run as (created by the online reports migration): it reads only the views of schema `report`. */
export const reportRole = 'cellsight_report';

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

/** Refuses to go on where the report role may call set_config (checked on every run, a cheap catalogue lookup, so a grant made later also turns reports off). */
const assertSealed = async (session: ReportSession): Promise<void> => {
  const [seal] = await session.query<{ open: boolean }>(`select has_function_privilege('${reportRole}', 'pg_catalog.set_config(text, text, boolean)', 'EXECUTE') as open`);
  if (seal?.open !== false) throw new SandboxNotSealedError();
};

/**
 * Runs a report's statements in the sandbox, where reports run (the platform's database, or on the
 * embedded database a copy of it, `ReportDatabase`): a read-only transaction whose statements end
 * at `timeoutMs`, the caller's tenants in `cellsight.report_tenants` (which the views read), and
 * the role `cellsight_report`. Every statement goes with bound parameters, so the extended protocol
 * refuses a second statement. Afterwards the session is checked to be as it was set up (a report
 * that changed its role or tenants is refused), and the transaction is always rolled back.
 */
export async function runInSandbox(database: ReportDatabase, tenants: number[], timeoutMs: number, queries: SandboxQuery[]): Promise<SandboxResult[]> {
  const tenantList = tenants.filter((id) => Number.isInteger(id)).join(',');
  try {
    // On a copy, the platform's own grants as well: one made since the copy was taken turns reports off at once.
    if (database.platform) await database.platform(assertSealed);
    await database.transaction(timeoutMs, async (session) => {
      await session.query('set transaction read only');
      await assertSealed(session);
      // SET takes no parameters: the value is integers the server made, never a caller's text.
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
