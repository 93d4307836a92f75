import {
  type AckMessage,
  type IngestRejectReason,
  type IngestStats,
  type UplinkKind,
  ackMessageSchema,
  deviceTopics,
  eventsMessageSchema,
  loggerStatusMessageSchema,
  stateMessageSchema,
} from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isDataError } from '../../../db/database-errors.js';
import type { DeviceStateService } from '../state/device-state.service.js';
import type { BatteryRecords } from '../../battery/index.js';
import type { LoggerRecords, LoggerIdentity } from '../../logger/index.js';
import { readDeviceMessage } from './device-message.js';
import { type Done, SampleBatcher } from './sample-batcher.js';
import type { SampleRepository, SampleRow } from './sample.repository.js';
import type { TelemetryDecoder } from './telemetry-decoder-pool.js';
import type { RefusalNote, RefusalRecorder } from './refusal-recorder.js';
import { RefreshingCache } from './refreshing-cache.js';

interface Dependencies {
  loggers: LoggerRecords;
  batteries: Pick<BatteryRecords, 'batteryOwners'>;
  samples: SampleRepository;
  /** Checks and encodes telemetry, on decoder threads or on this one. */
  decoder: TelemetryDecoder;
  log: FastifyBaseLogger;
  batch: { batchSize: number; lingerMs: number; maxPending: number; concurrency: number };
  /** Pauses or resumes reading from the broker (back-pressure). */
  onPressure: (paused: boolean) => void;
  states: DeviceStateService;
  /** Batteries stored for the first time, once their samples are committed. */
  onBatteriesAdded: (logger: LoggerIdentity, batterySns: string[]) => void;
  /** A telemetry message's samples are committed; `newestTs` is its newest sample's time (ms). */
  onReadingsStored?: (logger: LoggerIdentity, newestTs: number) => void;
  onEvent: (logger: LoggerIdentity, change: { batterySn: string | null; type: string; code: string; state: 'open' | 'closed' }) => void;
  onAck: (gsn: string, ack: AckMessage) => Promise<void>;
  /** Keeps every refusal per logger for the logger's diagnostics (docs/device-protocol.md section 12). */
  refusals?: Pick<RefusalRecorder, 'record'>;
  now?: () => Date;
}

/** How long logger identities (time zone, tenant) and battery owners are cached. */
const cacheMs = 60_000;

/**
 * Everything a logger publishes goes through here, whichever broker carried it: size check,
 * JSON, contract validation, ownership, then storage. Bad input is refused, counted and logged
 * at most once per logger per minute; it never stops the process or other loggers' data.
 */
export const createIngestService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());
  const stats: IngestStats = {
    since: now().toISOString(),
    messages: 0,
    samplesReceived: 0,
    samplesStored: 0,
    rejected: { 'too-large': 0, 'not-json': 0, invalid: 0, 'unknown-logger': 0, 'foreign-battery': 0, acl: 0, storage: 0, rate: 0, 'connect-rate': 0 },
    pendingSamples: 0,
  };
  const onRefreshError = (error: unknown) => deps.log.warn({ err: error }, 'could not refresh cached logger or battery details; the ones held stay in use');
  const loggers = new RefreshingCache<string, LoggerIdentity>({
    maxAgeMs: cacheMs,
    read: async (gsns) => {
      const found = new Map<string, LoggerIdentity>();
      for (const gsn of gsns) {
        const logger = await deps.loggers.findLogger(gsn);
        if (logger) found.set(gsn, logger);
      }
      return found;
    },
    onRefreshError,
  });
  /** Each battery's logger; a battery moved on this process is forgotten (`forgetBattery`), on another one it is seen within a minute. */
  const owners = new RefreshingCache<string, string>({ maxAgeMs: cacheMs, read: (batterySns) => deps.batteries.batteryOwners(batterySns), onRefreshError });
  const lastWarning = new Map<string, number>();
  const lastTouch = new Map<string, number>();

  /** Telemetry proves a logger is alive: refresh last-seen (at most once a minute) and online. */
  const touch = (logger: LoggerIdentity) => {
    const last = lastTouch.get(logger.gsn) ?? 0;
    if (Date.now() - last < 60_000) return;
    lastTouch.set(logger.gsn, Date.now());
    void deps.states
      .seen(logger)
      .catch((error: unknown) => deps.log.warn({ err: error, gsn: logger.gsn }, 'could not refresh last-seen'));
  };

  const batcher = new SampleBatcher({
    write: async (rows) => {
      const { inserted } = await deps.samples.writeBatch(rows);
      stats.samplesStored += inserted;
    },
    ...deps.batch,
    onPressure: deps.onPressure,
    onError: (error, willRetry) =>
      willRetry ? deps.log.warn({ err: error }, 'database unavailable; telemetry is held and retried') : deps.log.error({ err: error }, 'a telemetry batch was refused; isolating'),
  });

  const loggerOf = async (gsn: string): Promise<LoggerIdentity | null> => (await loggers.get([gsn])).get(gsn) ?? null;

  /** Counts a refusal (for the process and for the logger) and logs it, at most once per logger per minute. */
  const reject = (gsn: string, reason: IngestRejectReason, detail: string, done: Done, note: RefusalNote = {}) => {
    stats.rejected[reason]++;
    deps.refusals?.record(gsn, reason, { ...note, detail });
    const last = lastWarning.get(gsn) ?? 0;
    if (Date.now() - last > 60_000) {
      lastWarning.set(gsn, Date.now());
      deps.log.warn({ gsn, reason }, `refused a message from logger ${gsn}: ${detail}`);
    }
    // Acknowledged all the same: redelivering a message that can never be stored helps nobody.
    done();
  };

  const parse = <S extends z.ZodType>(gsn: string, payload: Buffer, schema: S, done: Done, topic: string): z.infer<S> | null => {
    const read = readDeviceMessage(payload, schema);
    if ('refusal' in read) {
      reject(gsn, read.refusal.reason, read.refusal.detail, done, { topic, payload });
      return null;
    }
    return read.message;
  };

  /** Telemetry messages handed to the decoder and not yet back (the drain waits for them). */
  let decoding = 0;

  /** Splits items by their battery's owner: `own`, the distinct `foreign` batteries, and `added`, batteries not stored yet. */
  const ownSamples = async <T extends { batterySn: string }>(gsn: string, samples: T[]): Promise<{ own: T[]; foreign: string[]; added: string[] }> => {
    const batterySns = [...new Set(samples.map((s) => s.batterySn))];
    const ownerOf = await owners.get(batterySns);
    const added: string[] = [];
    for (const batterySn of batterySns) {
      if (ownerOf.get(batterySn) !== undefined) continue;
      // Not stored yet: the logger that first sends it owns it.
      added.push(batterySn);
      owners.set(batterySn, gsn);
      ownerOf.set(batterySn, gsn);
    }
    const isOwn = (s: T) => ownerOf.get(s.batterySn) === gsn;
    return { own: samples.filter(isOwn), foreign: [...new Set(samples.filter((s) => !isOwn(s)).map((s) => s.batterySn))], added };
  };

  return {
    stats: (): IngestStats => ({ ...stats, rejected: { ...stats.rejected }, pendingSamples: batcher.pendingRows }),

    /** A message on an uplink topic of an authenticated logger; `done` acknowledges it. */
    async handle(gsn: string, kind: UplinkKind, payload: Buffer, done: Done): Promise<void> {
      stats.messages++;
      const topic = deviceTopics[kind](gsn);
      try {
        const logger = await loggerOf(gsn);
        if (!logger) return reject(gsn, 'unknown-logger', 'logger is not registered', done);
        switch (kind) {
          case 'telemetry': {
            decoding++;
            const decoded = await deps.decoder.decode(gsn, payload).finally(() => decoding--);
            if ('refusal' in decoded) return reject(gsn, decoded.refusal.reason, decoded.refusal.detail, done, { topic, payload });
            const { batterySns, timestamps, fields, ends } = decoded.telemetry;
            const rows = batterySns.map(
              (batterySn, i): SampleRow => ({ gsn, timezone: logger.timezone, batterySn, ts: timestamps[i] as number, fields: fields.subarray(ends[i - 1] ?? 0, ends[i]) }),
            );
            stats.samplesReceived += rows.length;
            touch(logger);
            const { own, foreign, added } = await ownSamples(gsn, rows);
            // Samples of another logger's batteries are dropped and the rest stored; the message
            // counts once as refused (foreign-battery), however many samples it loses.
            if (foreign.length > 0) {
              const detail = `${rows.length - own.length} of ${rows.length} samples name a battery that belongs to another logger: ${foreign.join(', ')}`;
              reject(gsn, 'foreign-battery', detail, own.length === 0 ? done : () => undefined, { topic, payload });
            }
            if (own.length === 0) return;
            batcher.add(gsn, own, (error) => {
              if (error) return reject(gsn, 'storage', `the database refused the telemetry message: ${error.message}`, done, { topic, payload });
              if (added.length > 0) deps.onBatteriesAdded(logger, added);
              deps.onReadingsStored?.(logger, own.reduce((newest, row) => Math.max(newest, row.ts), 0));
              done();
            });
            return;
          }
          case 'status': {
            const message = parse(gsn, payload, loggerStatusMessageSchema, done, topic);
            if (!message) return;
            await deps.loggers.updateStatus(gsn, message, now());
            await deps.states.setOnline(gsn, true, logger);
            return done();
          }
          case 'state': {
            const message = parse(gsn, payload, stateMessageSchema, done, topic);
            if (!message) return;
            await deps.states.setOnline(gsn, message.online, logger);
            return done();
          }
          case 'events': {
            const message = parse(gsn, payload, eventsMessageSchema, done, topic);
            if (!message) return;
            // An event about a battery another logger owns is refused with its whole message, counted once.
            const named = message.events.flatMap((event) => (event.batterySn ? [{ batterySn: event.batterySn }] : []));
            const { foreign } = await ownSamples(gsn, named);
            if (foreign.length > 0) return reject(gsn, 'foreign-battery', `an event names a battery that belongs to another logger: ${foreign.join(', ')}`, done, { topic, payload });
            const changes = await deps.loggers.upsertEvents(gsn, message.events);
            for (const change of changes) {
              const event = message.events.find((e) => e.id === change.deviceEventId);
              if (event && (change.opened || change.closed)) {
                deps.onEvent(logger, { batterySn: event.batterySn ?? null, type: event.type, code: event.code, state: change.closed ? 'closed' : 'open' });
              }
            }
            return done();
          }
          case 'ack': {
            const message = parse(gsn, payload, ackMessageSchema, done, topic);
            if (!message) return;
            await deps.onAck(gsn, message);
            return done();
          }
        }
      } catch (error) {
        // The database refused this message's data: it can never be stored, so it is refused,
        // counted and acknowledged like any bad message, and the logger's later messages flow.
        if (isDataError(error)) return reject(gsn, 'storage', `the database refused the ${kind} message: ${(error as Error).message}`, done, { topic, payload });
        // The database is unreachable: leave the message unacknowledged so it comes back.
        deps.log.warn({ err: error, gsn, kind }, 'could not process a device message; it will be redelivered');
        done(error instanceof Error ? error : new Error(String(error)));
      }
    },

    /** Counts an attempt to use a topic outside the logger's own. */
    refuseTopic(gsn: string, topic: string): void {
      reject(gsn, 'acl', `topic ${topic} is outside the logger's own`, () => undefined, { topic });
    },

    /** Counts a packet the broker refused to read for its size. */
    refuseTooLarge(gsn: string, bytes: number): void {
      reject(gsn, 'too-large', `a packet of ${bytes} bytes is over the broker's limit`, () => undefined);
    },

    /**
     * Counts a message dropped unread because its logger is over its message budget (the caller
     * acknowledges it, and logs once per window rather than per message).
     */
    refuseRate(gsn: string, kind: UplinkKind, payload: Buffer, detail: string): void {
      stats.messages++;
      stats.rejected.rate++;
      deps.refusals?.record(gsn, 'rate', { topic: deviceTopics[kind](gsn), detail, payload });
    },

    /**
     * Counts a CONNECT the embedded broker refused because its address is over its budget of
     * refused CONNECTs: no logger to count it against, so process-wide only (the caller logs once a minute).
     */
    refuseConnectRate(): void {
      stats.rejected['connect-rate']++;
    },

    /** Marks a logger's cached identity stale (after registration changes). */
    forget(gsn: string): void {
      loggers.forget(gsn);
    },

    /** Forgets a battery's cached owner (it was moved to another logger), so the next sample reads it again. */
    forgetBattery(batterySn: string): void {
      owners.forget(batterySn);
    },

    /** Stores what is queued (messages still being decoded first); then the decoder threads end. */
    async drain(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (decoding > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      await batcher.drain(Math.max(0, deadline - Date.now()));
      await deps.decoder.close();
    },
  };
};

export type IngestService = ReturnType<typeof createIngestService>;
