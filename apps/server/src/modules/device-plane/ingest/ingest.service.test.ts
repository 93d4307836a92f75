import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { LoggerRecords } from '../../logger/index.js';
import { createIngestService } from './ingest.service.js';
import type { SampleRepository } from './sample.repository.js';
import { createTelemetryDecoder } from './telemetry-decoder-pool.js';

/** An ingest service whose status write fails with the given database error. */
const serviceFailingWith = (error: Error & { code: string }) => {
  const loggers = {
    findLogger: async () => ({ gsn: 'LOGGER01', registrationKey: 'k', timezone: 'UTC', tenantId: 1 }),
    updateStatus: async () => {
      throw error;
    },
  } as unknown as LoggerRecords;
  const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
  return createIngestService({
    loggers,
    batteries: { batteryOwners: async () => new Map() },
    samples: {} as SampleRepository,
    decoder: createTelemetryDecoder({ threads: 0 }),
    log,
    batch: { batchSize: 10, lingerMs: 0, maxPending: 100, concurrency: 1 },
    onPressure: () => undefined,
    states: { setOnline: async () => undefined, seen: async () => undefined, sweepSilent: async () => undefined },
    onBatteriesAdded: () => undefined,
    onEvent: () => undefined,
    onAck: async () => undefined,
  });
};
const status = Buffer.from(JSON.stringify({ v: 1, ts: Date.now(), signal: -60, firmware: 'v1' }));
const dbError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

describe('a status or events message the database cannot store', () => {
  it('is refused, counted as storage and acknowledged when the database refuses its data', async () => {
    const ingest = serviceFailingWith(dbError('22021'));
    const done = vi.fn();
    await ingest.handle('LOGGER01', 'status', status, done);
    expect(done).toHaveBeenCalledWith();
    expect(ingest.stats().rejected.storage).toBe(1);
  });

  it('is left unacknowledged, to come back, when the database cannot be reached', async () => {
    const ingest = serviceFailingWith(dbError('08006'));
    const done = vi.fn();
    await ingest.handle('LOGGER01', 'status', status, done);
    expect(done).toHaveBeenCalledWith(expect.any(Error));
    expect(ingest.stats().rejected.storage).toBe(0);
  });
});
