import { type IngestRejectReason, loggerSnPattern } from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isDataError } from '../../../db/database-errors.js';
import type { RefusalRepository, RefusalTally } from './refusal.repository.js';

/** How much of a refused payload is kept as its example. */
export const exampleBytes = 1024;
const topicChars = 256;
const detailChars = 1024;

/** What is known of one refused message. */
export interface RefusalNote {
  topic?: string | null;
  detail?: string | null;
  payload?: Buffer | null;
}

/**
 * Text that can be stored and shown, cut to `max` characters: NUL (PostgreSQL cannot store it) and
 * lone surrogates (not encodable as UTF-8) become U+FFFD.
 */
const storable = (value: string, max: number): string => {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  // eslint-disable-next-line no-control-regex -- replacing NUL is the point
  return cut.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
};

/** The start of a payload as text (invalid UTF-8 decodes as U+FFFD); `…` marks a payload that was longer. */
export const payloadExample = (payload: Buffer): string => {
  const head = payload.subarray(0, exampleBytes).toString('utf8');
  // A character cut at the byte limit decodes as U+FFFD; drop that one rather than show it.
  const text = payload.length > exampleBytes ? head.replace(/\uFFFD{1,3}$/, '') : head;
  return storable(text, exampleBytes) + (payload.length > exampleBytes ? '…' : '');
};

interface Dependencies {
  repository: Pick<RefusalRepository, 'add'>;
  log: FastifyBaseLogger;
  /** How long refusals gather in memory before one write adds them up. */
  flushMs?: number;
  /** Distinct (logger, reason) pairs held at most; beyond, only the process-wide counter counts. */
  maxPending?: number;
  now?: () => Date;
}

/**
 * Keeps every refusal per logger and reason for the logger's diagnostics without writing the
 * database once per refused message: refusals are tallied in memory and added to the stored
 * counters every `flushMs` (2 s) and on close, so a logger flooding bad messages costs one upsert
 * per interval. This bookkeeping never breaks ingestion: a failed write is logged and its tallies
 * are kept for the next one (while the database is unreachable) or dropped (when it refuses them).
 */
export const createRefusalRecorder = (deps: Dependencies) => {
  const flushMs = deps.flushMs ?? 2_000;
  const maxPending = deps.maxPending ?? 10_000;
  const now = deps.now ?? (() => new Date());
  let pending = new Map<string, RefusalTally>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let overflowWarned = false;
  let chain: Promise<void> = Promise.resolve();

  /** Adds `tally` into `into`, the later one's example winning; false when there is no room. */
  const merge = (into: Map<string, RefusalTally>, tally: RefusalTally): boolean => {
    const key = `${tally.gsn} ${tally.reason}`;
    const held = into.get(key);
    if (!held) {
      if (into.size >= maxPending) return false;
      into.set(key, tally);
      return true;
    }
    held.count += tally.count;
    if (tally.firstAt < held.firstAt) held.firstAt = tally.firstAt;
    if (tally.lastAt >= held.lastAt) Object.assign(held, { lastAt: tally.lastAt, lastTopic: tally.lastTopic, lastDetail: tally.lastDetail, lastExample: tally.lastExample });
    return true;
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushMs);
    timer.unref();
  };

  const write = async (): Promise<void> => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    overflowWarned = false;
    try {
      await deps.repository.add([...batch.values()]);
    } catch (error) {
      if (isDataError(error)) {
        deps.log.warn({ err: error }, `could not store ${batch.size} refusal counters of loggers; they are dropped`);
        return;
      }
      deps.log.warn({ err: error }, 'could not store the refusal counters of loggers; trying again');
      // Kept for the next write; newer tallies were gathered meanwhile, so merge rather than replace.
      for (const tally of batch.values()) merge(pending, tally);
      schedule();
    }
  };

  /** Writes what is gathered; writes never overlap. */
  const flush = (): Promise<void> => {
    chain = chain.then(write);
    return chain;
  };

  return {
    /** Counts one refused message of `gsn` (a serial number that is not a logger is never stored). */
    record(gsn: string, reason: IngestRejectReason, note: RefusalNote = {}): void {
      // 'unknown' is what the brokers report before a client has identified itself.
      if (closed || reason === 'unknown-logger' || gsn === 'unknown' || !loggerSnPattern.test(gsn)) return;
      const at = now();
      const tally: RefusalTally = {
        gsn,
        reason,
        count: 1,
        firstAt: at,
        lastAt: at,
        lastTopic: note.topic ? storable(note.topic, topicChars) : null,
        lastDetail: note.detail ? storable(note.detail, detailChars) : null,
        lastExample: note.payload ? payloadExample(note.payload) : null,
      };
      if (!merge(pending, tally)) {
        if (!overflowWarned) deps.log.warn(`more than ${maxPending} loggers' refusals are waiting to be stored; further ones are counted only in the process-wide counter`);
        overflowWarned = true;
        return;
      }
      schedule();
    },

    flush,

    /** Writes what is gathered and records nothing more (shutdown, after ingestion drained). */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
};

export type RefusalRecorder = ReturnType<typeof createRefusalRecorder>;
