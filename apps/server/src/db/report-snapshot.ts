import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Transaction } from '@electric-sql/pglite';
import type { BulkTransaction, ReportDatabase, ReportSession } from './database.js';
import { type PgliteClient, startEmbeddedDatabase } from './embedded-database.js';
import { DatabaseError, type PgliteThread } from './pglite-thread.js';

/**
 * Online reports on the embedded database. PGlite runs a statement to its end (WebAssembly has no
 * signals, so nothing inside it can interrupt one), and while it runs the database answers nobody
 * else: a report that computes for 30 s would stall every request and every telemetry write.
 * Reports therefore run on a copy of the database in a thread of their own (a PgliteThread), which
 * is ended when a statement outlasts its timeout: the report is refused as PostgreSQL refuses it
 * (SQLSTATE 57014), and the next report takes a new copy.
 *
 * A copy is taken while the platform's database is held (its callers wait) and just checkpointed,
 * so that its files are complete and nothing writes to them meanwhile: on a data folder, the files
 * of the catalogue, the WAL from that checkpoint on, and of the platform's own tables only those
 * the views of the schema `report` read (through other views, foreign keys and partitions). The
 * others, the telemetry history above all, are not copied, and the copy truncates them, so that a
 * report naming one is refused there as it is on the platform (permission denied). In memory (the
 * tests), the copy is PGlite's dump of the whole database. A copy serves reports one after the
 * other for at most `reportCopyMaxAgeMs` and is then thrown away; one copy lives at a time.
 */

/** How old a copy may be when a report starts on it: as long as a report's answer is kept (reportCacheMs). */
export const reportCopyMaxAgeMs = 30_000;

/**
 * The platform's relations a copy leaves out: every table (with its indexes and TOAST) that no
 * view of the schema `report` reads, directly, through another view, a foreign key (so that the
 * truncated tables leave the kept ones valid) or a partition. Should a report view call one of
 * the platform's own functions, which may read any table, nothing is left out.
 */
const relationsLeftOut = `
with recursive reads(source, target) as (
  select r.ev_class, d.refobjid from pg_depend d join pg_rewrite r on r.oid = d.objid
  where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
  union all
  select conrelid, confrelid from pg_constraint where contype = 'f'
  union all
  select inhparent, inhrelid from pg_inherits
), read(oid) as (
  select oid from pg_class where relnamespace = 'report'::regnamespace
  union
  select reads.target from reads join read on read.oid = reads.source
), kept(oid) as (
  select oid from read
  union select indexrelid from pg_index where indrelid in (select oid from read)
  union select reltoastrelid from pg_class where oid in (select oid from read) and reltoastrelid <> 0
  union select indexrelid from pg_index where indrelid in (select reltoastrelid from pg_class where oid in (select oid from read))
)
select c.oid::regclass::text as name, c.relkind = 'r' and c.relpersistence <> 't' as truncated, pg_relation_filepath(c.oid) as path
from pg_class c
where c.oid >= 16384 and c.relkind in ('r', 'i', 't') and c.oid not in (select oid from kept)
  and not exists (
    select from pg_depend d join pg_rewrite r on r.oid = d.objid
    where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_proc'::regclass and d.refobjid >= 16384
      and r.ev_class in (select oid from read)
  )`;

interface LeftOut {
  name: string;
  /** A table of the platform's (not a temporary one, which the copy never opens): truncated in the copy. */
  truncated: boolean;
  /** Its file in the data folder, `base/<database>/<file node>`, without fork or segment. */
  path: string;
}

interface Copy {
  thread: PgliteThread;
  /** Date.now() when it was taken. */
  takenAt: number;
  /** Its data folder (removed with it), or null in memory. */
  folder: string | null;
  /** Set once it is being thrown away. */
  ending?: Promise<void>;
}

/** PostgreSQL's own answer to a statement that outlasts statement_timeout. */
const statementTimeout = () => new DatabaseError({ message: 'canceling statement due to statement timeout', code: '57014', severity: 'ERROR' });

const walSegment = /^[0-9A-F]{24}$/;
/** The fork (`_fsm`, `_vm`, `_init`) and segment (`.1`) of a relation's file name. */
const forkAndSegment = /(_fsm|_vm|_init)?(\.\d+)?$/;
/** Files copied at the same time (the catalogue is some hundred small files). */
const copiesAtOnce = 8;
/**
 * A copy is thrown away, never recovered after a crash: it need not wait for its writes to reach
 * the disk. A report reads most of what it reads once (the operating system caches the files): a
 * small buffer pool keeps a copy some 20 MB lighter than the platform's own.
 */
const copySettings = ['fsync=off', 'shared_buffers=8MB'];

/** Where the platform's database stands once checkpointed: what a copy of its folder needs. */
interface CopyPoint {
  /** The WAL segments the copy needs, from the checkpoint's to the one written last. */
  firstSegment: string;
  lastSegment: string;
  /** How much of the last segment is written; the rest is copied as zeros, as a new segment is. */
  lastSegmentBytes: number;
  segmentBytes: number;
  /** The other databases of the cluster (template0, template1): reports never open them. */
  otherDatabases: string[];
}

const copyPoint = `
select pg_walfile_name(c.redo_lsn) as "firstSegment", w.file_name as "lastSegment", w.file_offset as "lastSegmentBytes",
       (select setting::int from pg_settings where name = 'wal_segment_size') as "segmentBytes",
       array(select oid::text from pg_database where datname <> current_database()) as "otherDatabases"
from pg_control_checkpoint() c, pg_walfile_name_offset(pg_current_wal_flush_lsn()) w`;

/** WAL is read and written in pages of 8 kB. */
const walPageBytes = 8192;

/**
 * Copies the data folder `from` to `to` as it stands, but for the relations `leftOut`, the other
 * databases (empty folders), the WAL from the checkpoint on only, no lock file. A clone
 * where the file system can make one (btrfs, XFS, APFS), else bytes.
 */
async function copyDataFolder(from: string, to: string, leftOut: Set<string>, point: CopyPoint): Promise<void> {
  const files: string[] = [];
  const otherDatabases = new Set(point.otherDatabases.map((oid) => `base/${oid}`));
  const walk = async (relative: string): Promise<void> => {
    await mkdir(join(to, relative), { recursive: true, mode: 0o700 });
    if (otherDatabases.has(relative)) return;
    for (const entry of await readdir(join(from, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await walk(path);
        continue;
      }
      if (!entry.isFile() || path === 'postmaster.pid') continue;
      if (relative === 'pg_wal' && walSegment.test(entry.name) && (entry.name < point.firstSegment || entry.name >= point.lastSegment)) continue;
      // A relation left out has no file in the copy until the copy truncates it (which gives it new, empty ones).
      if (!leftOut.has(path.replace(forkAndSegment, ''))) files.push(path);
    }
  };
  await walk('');
  // The last segment up to the page written last, then zeros to its full size (a sparse file).
  const last = `pg_wal/${point.lastSegment}`;
  const written = Math.min(Math.ceil(point.lastSegmentBytes / walPageBytes) * walPageBytes, point.segmentBytes);
  const bytes = Buffer.alloc(written);
  // None written (the position at the very start of a segment) needs no segment file there yet.
  if (written > 0) {
    const source = await open(join(from, last), 'r');
    try {
      await source.read(bytes, 0, written, 0);
    } finally {
      await source.close();
    }
  }
  await writeFile(join(to, last), bytes, { mode: 0o600 });
  await truncate(join(to, last), point.segmentBytes);
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const path = files[next++] as string;
      await copyFile(join(from, path), join(to, path), constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: copiesAtOnce }, copier));
}

/** The embedded database's reports (see above): `source` is the platform's database, on `dataDir` (null: in memory). */
export class EmbeddedReportDatabase implements ReportDatabase {
  private copy: Copy | null = null;
  /** Reports (and the copies they take) one after the other: a copy runs one statement at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private retirement: NodeJS.Timeout | undefined;
  private closed = false;
  /** Copies taken so far: each has a data folder of its own, so one being removed never meets the next. */
  private taken = 0;

  constructor(
    private readonly source: PgliteClient,
    readonly platform: BulkTransaction,
    private readonly dataDir: string | null,
  ) {}

  transaction<T>(timeoutMs: number, work: (session: ReportSession) => Promise<T>): Promise<T> {
    return this.serially(async () => {
      const copy = await this.current();
      try {
        return await copy.thread.transaction((tx) => work(this.session(copy, tx, timeoutMs)));
      } finally {
        // A thread that failed (PGlite aborted) serves no further report.
        if (!copy.thread.running) await this.end(copy);
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.copy) await this.end(this.copy);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Each statement ended at `timeoutMs` by ending the copy's thread: PGlite itself would run it to its end. */
  private session(copy: Copy, tx: Transaction, timeoutMs: number): ReportSession {
    const limited = <R>(statement: Promise<R>): Promise<R> => {
      let timer: NodeJS.Timeout | undefined;
      const overrun = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(statementTimeout());
          void this.end(copy);
        }, timeoutMs);
      });
      return Promise.race([statement, overrun]).finally(() => clearTimeout(timer));
    };
    return {
      query: async <Row>(text: string, params?: unknown[]) => (await limited(tx.query<Row>(text, params))).rows,
      queryWithFields: async (text, params) => {
        const result = await limited(tx.query<Record<string, unknown>>(text, params));
        return { rows: result.rows, fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) };
      },
    };
  }

  /** The copy reports run on now: the one in use while it is young enough, else a new one. */
  private async current(): Promise<Copy> {
    if (this.closed) throw new Error('the embedded database is closed');
    const copy = this.copy;
    if (copy) {
      // A clock set back makes a copy seem taken in the future: that one is not trusted either.
      const age = Date.now() - copy.takenAt;
      if (!copy.ending && copy.thread.running && age >= 0 && age <= reportCopyMaxAgeMs) return copy;
      await this.end(copy);
    }
    const taken = await this.take();
    if (this.closed) {
      await this.end(taken);
      throw new Error('the embedded database is closed');
    }
    this.copy = taken;
    // Its memory (a whole PostgreSQL) is given back once it is too old to serve, whether or not another report comes.
    this.retirement = setTimeout(() => void this.serially(() => (this.copy === taken ? this.end(taken) : Promise.resolve())), reportCopyMaxAgeMs);
    this.retirement.unref();
    return taken;
  }

  private async take(): Promise<Copy> {
    if (this.dataDir === null) {
      const dump = await this.source.dumpDataDir('none');
      const takenAt = Date.now();
      return this.open({ thread: (await startEmbeddedDatabase(null, { from: dump, thread: 'worker', settings: copySettings })) as PgliteThread, takenAt, folder: null }, []);
    }
    // Beside pgdata, named as the backup leaves out; what a process that ended without closing left there goes first.
    const folders = resolve(this.dataDir, 'pgdata.reports');
    if (this.taken === 0) await rm(folders, { recursive: true, force: true });
    const folder = join(folders, String(++this.taken));
    let takenAt = 0;
    let leftOut: LeftOut[] = [];
    try {
      await this.source.transaction(async (tx) => {
        leftOut = (await tx.query<LeftOut>(relationsLeftOut)).rows;
        // Every change so far into the files, so the copy needs the WAL from here on only (one segment, as a rule).
        await tx.query('checkpoint');
        const [point] = (await tx.query<CopyPoint>(copyPoint)).rows;
        takenAt = Date.now();
        await copyDataFolder(resolve(this.dataDir as string, 'pgdata'), join(folder, 'pgdata'), new Set(leftOut.map((relation) => relation.path)), point as CopyPoint);
      });
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
    const thread = (await startEmbeddedDatabase(folder, { thread: 'worker', settings: copySettings })) as PgliteThread;
    return this.open({ thread, takenAt, folder }, leftOut.filter((relation) => relation.truncated).map((relation) => relation.name));
  }

  /** Waits for the copy to start (PostgreSQL recovers it as after a crash) and truncates the tables left out. */
  private async open(copy: Copy, truncated: string[]): Promise<Copy> {
    try {
      await copy.thread.waitReady;
      if (truncated.length > 0) await copy.thread.query(`truncate ${truncated.join(', ')}`);
      return copy;
    } catch (error) {
      await this.end(copy);
      throw error;
    }
  }

  /** Throws a copy away: its thread ended at once (a statement of its may be running), its folder removed. */
  private end(copy: Copy): Promise<void> {
    if (this.copy === copy) {
      this.copy = null;
      clearTimeout(this.retirement);
    }
    copy.ending ??= (async () => {
      await copy.thread.kill();
      if (copy.folder) await rm(copy.folder, { recursive: true, force: true });
    })();
    return copy.ending;
  }
}
