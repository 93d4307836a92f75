import { isDataError } from '../../../db/database-errors.js';
import { laneOf } from './logger-spread.js';
import type { SampleRow } from './sample.repository.js';

/** Called once per message: without an error when its samples are durable, with one when dropped. */
export type Done = (error?: Error) => void;

interface Message {
  rows: SampleRow[];
  done: Done;
}

/** One writer: its own queue, at most one batch in flight. */
interface Lane {
  queue: Message[];
  queuedRows: number;
  busy: boolean;
  timer: NodeJS.Timeout | null;
}

export interface BatcherOptions {
  write: (rows: SampleRow[]) => Promise<unknown>;
  batchSize: number;
  lingerMs: number;
  /** Above this many queued samples the transport is asked to pause; it resumes below half. */
  maxPending: number;
  /** Writers, each with one batch in flight (1 for PGlite, 2 for a PostgreSQL server). */
  concurrency: number;
  onPressure: (paused: boolean) => void;
  onError: (error: unknown, willRetry: boolean) => void;
  /** Delay before retrying after a database outage; doubles up to 5 s. */
  retryDelayMs?: number;
}


/**
 * Groups samples from many messages into few database round trips. A message is acknowledged only
 * when the batch holding it is committed; while the database is down, batches are retried and
 * nothing is acknowledged, and the transport is paused once too much is queued, so memory stays
 * bounded. A batch refused for its data is split, so one bad message never poisons the others.
 *
 * With several writers, each logger's messages always go to the same one (by its SN). Batches
 * written at the same time therefore never touch the same battery rows or rollup buckets, so
 * their transactions never wait for each other's locks, and one logger's samples are written
 * in the order they came.
 */
export class SampleBatcher {
  private readonly lanes: Lane[];
  private queuedRows = 0;
  private paused = false;
  private retryDelay: number;
  private retrying = false;
  private closed = false;

  constructor(private readonly options: BatcherOptions) {
    this.retryDelay = options.retryDelayMs ?? 100;
    this.lanes = Array.from({ length: Math.max(1, options.concurrency) }, () => ({ queue: [], queuedRows: 0, busy: false, timer: null }));
  }

  get pendingRows(): number {
    return this.queuedRows;
  }

  /** Queues one message's samples; `key` (the logger SN) picks the writer. */
  add(key: string, rows: SampleRow[], done: Done): void {
    const lane = this.lanes[laneOf(key, this.lanes.length)] as Lane;
    lane.queue.push({ rows, done });
    lane.queuedRows += rows.length;
    this.queuedRows += rows.length;
    if (!this.paused && this.queuedRows >= this.options.maxPending) {
      this.paused = true;
      this.options.onPressure(true);
    }
    this.schedule(lane);
  }

  /** Writes what is queued; resolves when everything has been written (or the timeout passed). */
  async drain(timeoutMs = 10_000): Promise<void> {
    this.closed = true;
    const deadline = Date.now() + timeoutMs;
    while (this.lanes.some((lane) => lane.queue.length > 0 || lane.busy) && Date.now() < deadline) {
      for (const lane of this.lanes) this.pump(lane);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const lane of this.lanes) if (lane.timer) clearTimeout(lane.timer);
  }

  private schedule(lane: Lane): void {
    if (this.retrying || lane.busy) return;
    if (lane.queuedRows >= this.options.batchSize || this.closed) return this.pump(lane);
    lane.timer ??= setTimeout(() => {
      lane.timer = null;
      this.pump(lane);
    }, this.options.lingerMs);
  }

  private pump(lane: Lane): void {
    if (this.retrying || lane.busy || lane.queue.length === 0) return;
    if (lane.timer) {
      clearTimeout(lane.timer);
      lane.timer = null;
    }
    const batch = this.take(lane);
    lane.busy = true;
    void this.writeBatch(lane, batch).finally(() => {
      lane.busy = false;
      if (lane.queue.length > 0) this.schedule(lane);
    });
  }

  /** Whole messages, up to the batch size (a single large message is never split). */
  private take(lane: Lane): Message[] {
    const batch: Message[] = [];
    let rows = 0;
    while (lane.queue.length > 0) {
      const next = lane.queue[0];
      if (!next || (rows > 0 && rows + next.rows.length > this.options.batchSize)) break;
      batch.push(next);
      rows += next.rows.length;
      lane.queue.shift();
    }
    lane.queuedRows -= rows;
    this.queuedRows -= rows;
    return batch;
  }

  private async writeBatch(lane: Lane, batch: Message[]): Promise<void> {
    try {
      await this.options.write(batch.flatMap((m) => m.rows));
      this.retryDelay = this.options.retryDelayMs ?? 100;
      for (const message of batch) message.done();
    } catch (error) {
      if (isDataError(error)) {
        this.options.onError(error, false);
        await this.isolate(lane, batch);
      } else {
        this.options.onError(error, true);
        this.retryLater(lane, batch);
        return;
      }
    }
    if (this.paused && this.queuedRows < this.options.maxPending / 2) {
      this.paused = false;
      this.options.onPressure(false);
    }
  }

  /** The database is unreachable: put the messages back in front and stop every writer for a while. */
  private retryLater(lane: Lane, messages: Message[]): void {
    const rows = messages.reduce((n, m) => n + m.rows.length, 0);
    lane.queue.unshift(...messages);
    lane.queuedRows += rows;
    this.queuedRows += rows;
    if (this.retrying) return;
    this.retrying = true;
    setTimeout(() => {
      this.retrying = false;
      for (const each of this.lanes) this.pump(each);
    }, this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, 5000);
  }

  /** Writes messages one by one so only the one that is wrong is dropped. */
  private async isolate(lane: Lane, batch: Message[]): Promise<void> {
    for (const [index, message] of batch.entries()) {
      try {
        await this.options.write(message.rows);
        message.done();
      } catch (error) {
        if (!isDataError(error)) return this.retryLater(lane, batch.slice(index));
        message.done(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
