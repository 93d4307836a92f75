import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { runningBuilt, serverPath } from '../paths.js';
import type { BulkStep } from './database.js';

/** What the host asks the database thread (pglite-worker.mjs); each request has an id its answer repeats. */
export type WorkerRequest = { id: number } & (
  | { op: 'open'; dataDir: string | null; loadDataDir: ArrayBuffer | undefined; settings: string[] }
  | { op: 'query'; text: string; params: unknown[] | undefined; rowMode: 'object' | 'array' | undefined; textOids: number[] | undefined; blob: ArrayBuffer | undefined }
  | { op: 'exec'; text: string }
  | { op: 'script'; steps: ({ query: string; params?: unknown[] } | { copy: string; data: ArrayBuffer })[] }
  | { op: 'dump'; compression: 'none' | 'gzip' }
  | { op: 'close' }
);

type WorkerAnswer = { id: number; result: unknown } | { id: number; error: Record<string, unknown> & { message: string } };

interface QueryOptions {
  rowMode?: 'object' | 'array';
  /** Type parsers by oid; only "leave the text as it is" crosses to the thread (all that drizzle asks for). */
  parsers?: Record<number, unknown>;
  blob?: Blob;
}

/** A statement the database refused, with PostgreSQL's fields (code, constraint, ...), as PGlite throws it. */
export class DatabaseError extends Error {
  constructor(fields: Record<string, unknown> & { message: string }) {
    super(fields.message);
    Object.assign(this, fields, { name: 'DatabaseError' });
  }
}

/** The young generation of the database thread's JavaScript heap, MB (V8 sizes it by the machine, many times larger). */
const youngGenerationMb = 3;

/**
 * The embedded database (PGlite) in a worker thread of its own, behind the part of PGlite's API
 * that drizzle and the bulk writer use: `query`, `exec`, `transaction`, `dumpDataDir`, `close`.
 * PostgreSQL's work then runs on the second core while the main thread reads MQTT, checks
 * messages and answers HTTP. As in PGlite itself, one caller at a time: a transaction holds the
 * database from BEGIN to COMMIT, and statements of other callers wait for it.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** The tail of the queue of callers: each waits for the one before it. */
  private lock: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  /** The `once` steps of bulk scripts already committed on the thread's one connection. */
  private readonly setUp = new Set<string>();
  readonly waitReady: Promise<void>;

  /** `settings`: PostgreSQL settings (`name=value`) the database starts with. */
  constructor(dataDir: string | null, options: { loadDataDir?: Blob; settings?: string[] } = {}) {
    this.worker = new Worker(runningBuilt ? serverPath('dist', 'pglite-worker.js') : serverPath('src', 'db', 'pglite-worker.mjs'), {
      // The thread's JavaScript only passes statements and rows along (PostgreSQL's memory is
      // WebAssembly's, outside this heap): a small young generation saves some 30 MB of memory
      // under full telemetry load at no measurable cost in rate (docs/performance.md).
      resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
    });
    this.worker.on('message', (answer: WorkerAnswer) => {
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if ('error' in answer) waiting.reject(new DatabaseError(answer.error));
      else waiting.resolve(answer.result);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the embedded database's thread ended (exit code ${code})`)));
    this.waitReady = (async () => {
      const bytes = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
      await this.request({ op: 'open', dataDir, loadDataDir: bytes, settings: options.settings ?? [] }, bytes ? [bytes] : []);
    })();
    // A start that fails is reported by whoever awaits waitReady; nobody else needs to hear it.
    this.waitReady.catch(() => undefined);
  }

  private request(request: DistributiveOmit<WorkerRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  /** Runs `work` once every caller before it is done, holding the database until it settles. */
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    const before = this.lock;
    let release = () => undefined as void;
    this.lock = new Promise<void>((resolve) => (release = resolve));
    await before;
    try {
      return await work();
    } finally {
      release();
    }
  }

  private async send<T>(text: string, params?: unknown[], options: QueryOptions = {}): Promise<Results<T>> {
    const blob = options.blob ? await options.blob.arrayBuffer() : undefined;
    const textOids = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return (await this.request({ op: 'query', text, params, rowMode: options.rowMode, textOids, blob }, blob ? [blob] : [])) as Results<T>;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.exclusive(() => this.send<T>(text, params, options));
  }

  exec(text: string): Promise<Results[]> {
    return this.exclusive(() => this.request({ op: 'exec', text }) as Promise<Results[]>);
  }

  /** BEGIN, `work`, then COMMIT, or ROLLBACK when `work` throws; nobody else's statements in between. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      await this.send('BEGIN');
      let closed = false;
      const tx = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => this.send<R>(text, params, options),
        exec: (text: string) => this.request({ op: 'exec', text }) as Promise<Results[]>,
        rollback: async () => {
          await this.send('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await work(tx);
        if (!closed) await this.send('COMMIT');
        return result;
      } catch (error) {
        if (!closed) await this.send('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * A bulk script (database.ts) as one request: the thread runs BEGIN, every step and COMMIT
   * without waiting for this thread between statements, and answers the last statement's rows.
   */
  async script(steps: BulkStep[]): Promise<Record<string, unknown>[]> {
    const pending = steps.filter((step) => !('once' in step) || !this.setUp.has(step.once));
    const once = pending.flatMap((step) => ('once' in step ? [step.once] : []));
    const transfer: ArrayBuffer[] = [];
    const sent = pending.map((step) => {
      if ('once' in step) return { query: step.once };
      if ('query' in step) return step;
      // A copy of the bytes the thread may own (the Buffer may share a pooled ArrayBuffer).
      const data = new ArrayBuffer(step.data.byteLength);
      new Uint8Array(data).set(step.data);
      transfer.push(data);
      return { copy: step.copy, data };
    });
    const rows = (await this.exclusive(() => this.request({ op: 'script', steps: sent }, transfer))) as Record<string, unknown>[];
    for (const text of once) this.setUp.add(text);
    return rows;
  }

  async dumpDataDir(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
    const bytes = (await this.exclusive(() => this.request({ op: 'dump', compression }))) as Uint8Array;
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.exclusive(() => this.request({ op: 'close' }));
    await this.worker.terminate();
  }

  /** Whether the thread still answers: false once it ended, was ended or failed. */
  get running(): boolean {
    return this.failure === null;
  }

  /**
   * Ends the thread at once, even in the middle of a statement (its WebAssembly stops where it is,
   * which nothing inside PGlite can do): every request waiting is refused. Only for a database
   * that is thrown away afterwards (a report copy, report-snapshot.ts): its files are left as a
   * crash leaves them.
   */
  async kill(): Promise<void> {
    this.failure ??= new Error("the embedded database's thread was ended");
    await this.worker.terminate();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
