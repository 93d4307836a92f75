import { sql } from 'drizzle-orm';
import { type TestApp, queryRows } from './test-app.js';

/**
 * Tables whose rows a refused request may rightly add or change: what records refusals and the
 * traffic itself, and what runs beside the requests. Every other table of the public schema must
 * read the same after a refusal as before it.
 */
export const tablesThatRecordRefusals: Record<string, string> = {
  sys_log: 'the operation and access log records every call, refused ones too (a failed sign-in above all)',
  sys_visit: 'the visit log counts sign-ins, and the fuzz signs its callers in again when a fuzzed logout ended their session',
  sys_session: 'the same sign-ins again; a refused call never touches a session',
  tb_logger_refusal: 'the device plane records each refused device message',
  sys_quartz_job_run: 'scheduled jobs run in the background while requests come in and record each run',
};

/** The watched tables: every table of the public schema (partitioned ones through their parent) but those above. */
async function watchedTables(t: TestApp): Promise<{ name: string; partitioned: boolean }[]> {
  const tables = await queryRows<{ name: string; kind: string }>(
    t,
    sql`select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const watched = tables.filter((table) => !(table.name in tablesThatRecordRefusals)).map((table) => ({ name: table.name, partitioned: table.kind === 'p' }));
  if (watched.length === 0) throw new Error('no table to watch');
  return watched;
}

/**
 * The database's writes, seen two ways. Per request, a journal: a trigger on every watched table
 * records each committed row change (an update that changes nothing is not one), so a refused
 * request is checked with one small query, where reading every table costs some 40 ms on PGlite.
 * A write the request rolled back leaves no trace, as it should. Over the whole run, fingerprints
 * (row count and the sum of a hash of each row's text, per table) check the journal itself: every
 * table whose content changed must have been seen in it.
 */
export interface WriteWatch {
  /** The tables written since the last call, with how: `sys_user UPDATE ×2`. Empties the journal. */
  takeWrites(): Promise<string[]>;
  /** Per table: `rows:hash`. */
  fingerprint(): Promise<Map<string, string>>;
}

export async function watchWrites(t: TestApp): Promise<WriteWatch> {
  const tables = await watchedTables(t);
  await t.app.db.execute(sql`create schema if not exists test_watch`);
  await t.app.db.execute(sql`create table if not exists test_watch.journal (table_name text not null, operation text not null)`);
  await t.app.db.execute(
    sql.raw(`create or replace function test_watch.record() returns trigger language plpgsql as $$
      begin
        -- jsonb, because rows with json columns have no equality operator.
        if tg_op = 'UPDATE' and to_jsonb(old) = to_jsonb(new) then return null; end if;
        insert into test_watch.journal values (tg_argv[0], tg_op);
        return null;
      end $$`),
  );
  for (const table of tables) {
    await t.app.db.execute(sql.raw(`create or replace trigger test_watch after insert or update or delete on "${table.name}" for each row execute function test_watch.record('${table.name}')`));
    if (!table.partitioned) await t.app.db.execute(sql.raw(`create or replace trigger test_watch_truncate after truncate on "${table.name}" for each statement execute function test_watch.record('${table.name}')`));
  }
  const fingerprintSql = tables.map(({ name }) => `select '${name}' as name, count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) as print from "${name}" t`).join(' union all ');
  return {
    async takeWrites() {
      const rows = await queryRows<{ table_name: string; operation: string; times: number }>(
        t,
        sql`with taken as (delete from test_watch.journal returning table_name, operation) select table_name, operation, count(*)::int as times from taken group by 1, 2 order by 1, 2`,
      );
      return rows.map((row) => `${row.table_name} ${row.operation} ×${row.times}`);
    },
    async fingerprint() {
      const rows = await queryRows<{ name: string; print: string }>(t, sql.raw(fingerprintSql));
      return new Map(rows.map((row) => [row.name, row.print]));
    },
  };
}

/** The tables whose fingerprint differs. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] => [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
