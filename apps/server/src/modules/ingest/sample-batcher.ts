import type { SampleRow } from './sample.repository.js';

/** Called once per message: without an error when its samples are durable, with one when dropped. */
export type Done = (error?: Error) => void;

interface Message {
  rows: SampleRow[];
  done: Done;
}

export interface BatcherOptions {
  write: (rows: SampleRow[]) => Promise<unknown>;
  batchSize: number;
  lingerMs: number;
  /** Above this many queued samples the transport is asked to pause; it resumes below half. */
  maxPending: number;
  /** Writes in flight at once (1 for PGlite, 2 for a PostgreSQL server). */
  concurrency: number;
  onPressure: (paused: boolean) => void;
  onError: (error: unknown, willRetry: boolean) => void;
  /** Delay before retrying after a database outage; doubles up to 5 s. */
  retryDelayMs?: number;
}

/** SQLSTATE classes that mean "this data is wrong", not "the database is unreachable". */
const isDataError = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^(22|23|42)/.test(code);
};

/**
 * Groups samples from many messages into few database round trips. A message is acknowledged only
 * when the batch holding it is committed; while the database is down, batches are retried and
 * nothing is acknowledged, and the transport is paused once too much is queued, so memory stays
 * bounded. A batch refused for its data is split, so one bad message never poisons the others.
 */
export class SampleBatcher {
  private queue: Message[] = [];
  private queuedRows = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private paused = false;
  private retryDelay: number;
  private retrying = false;
  private closed = false;

  constructor(private readonly options: BatcherOptions) {
    this.retryDelay = options.retryDelayMs ?? 100;
  }

  get pendingRows(): number {
    return this.queuedRows;
  }

  add(rows: SampleRow[], done: Done): void {
    this.queue.push({ rows, done });
    this.queuedRows += rows.length;
    if (!this.paused && this.queuedRows >= this.options.maxPending) {
      this.paused = true;
      this.options.onPressure(true);
    }
    this.schedule();
  }

  /** Writes what is queued; resolves when everything has been written (or the timeout passed). */
  async drain(timeoutMs = 10_000): Promise<void> {
    this.closed = true;
    const deadline = Date.now() + timeoutMs;
    while ((this.queue.length > 0 || this.inFlight > 0) && Date.now() < deadline) {
      this.pump();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.retrying) return;
    if (this.queuedRows >= this.options.batchSize || this.closed) return this.pump();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.pump();
    }, this.options.lingerMs);
  }

  private pump(): void {
    while (!this.retrying && this.inFlight < this.options.concurrency && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.writeBatch(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  /** Whole messages, up to the batch size (a single large message is never split). */
  private take(): Message[] {
    const batch: Message[] = [];
    let rows = 0;
    while (this.queue.length > 0) {
      const next = this.queue[0];
      if (!next || (rows > 0 && rows + next.rows.length > this.options.batchSize)) break;
      batch.push(next);
      rows += next.rows.length;
      this.queue.shift();
    }
    this.queuedRows -= rows;
    return batch;
  }

  private async writeBatch(batch: Message[]): Promise<void> {
    try {
      await this.options.write(batch.flatMap((m) => m.rows));
      this.retryDelay = this.options.retryDelayMs ?? 100;
      for (const message of batch) message.done();
    } catch (error) {
      if (isDataError(error)) {
        this.options.onError(error, false);
        await this.isolate(batch);
      } else {
        this.options.onError(error, true);
        this.retryLater(batch);
        return;
      }
    }
    if (this.paused && this.queuedRows < this.options.maxPending / 2) {
      this.paused = false;
      this.options.onPressure(false);
    }
  }

  /** The database is unreachable: put the messages back in front and try again later. */
  private retryLater(messages: Message[]): void {
    this.queue.unshift(...messages);
    this.queuedRows += messages.reduce((n, m) => n + m.rows.length, 0);
    this.retrying = true;
    setTimeout(() => {
      this.retrying = false;
      this.pump();
    }, this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, 5000);
  }

  /** Writes messages one by one so only the one that is wrong is dropped. */
  private async isolate(batch: Message[]): Promise<void> {
    for (const [index, message] of batch.entries()) {
      try {
        await this.options.write(message.rows);
        message.done();
      } catch (error) {
        if (!isDataError(error)) return this.retryLater(batch.slice(index));
        message.done(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
