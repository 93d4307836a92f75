import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefusalRecorder, payloadExample } from './refusal-recorder.js';
import type { RefusalTally } from './refusal.repository.js';

const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

/** A repository that keeps each write, or fails with `failWith` while it is set. */
const fakeRepository = () => {
  const writes: RefusalTally[][] = [];
  const repository = {
    failWith: null as Error | null,
    writes,
    add: vi.fn(async (tallies: RefusalTally[]) => {
      if (repository.failWith) throw repository.failWith;
      writes.push(tallies.map((t) => ({ ...t })));
    }),
  };
  return repository;
};

let clock = Date.UTC(2026, 0, 1);
const now = () => new Date(clock);

beforeEach(() => {
  vi.useFakeTimers();
  clock = Date.UTC(2026, 0, 1);
});
afterEach(() => vi.useRealTimers());

describe('refusal recorder', () => {
  it('turns a flood of refusals into one write per interval, adding up counts and keeping the latest example', async () => {
    const repository = fakeRepository();
    const recorder = createRefusalRecorder({ repository, log: log(), flushMs: 2000, now });
    for (let i = 0; i < 5000; i++) {
      clock += 1;
      recorder.record('LOGGER01', 'not-json', { topic: 'cs/v1/LOGGER01/telemetry', detail: 'payload is not JSON', payload: Buffer.from(`garbage ${i}`) });
    }
    recorder.record('LOGGER01', 'invalid', { detail: 'samples.0.soc: too big' });
    expect(repository.add).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(repository.add).toHaveBeenCalledTimes(1);
    const [write] = repository.writes;
    expect(write?.find((t) => t.reason === 'not-json')).toMatchObject({
      gsn: 'LOGGER01',
      count: 5000,
      firstAt: new Date(Date.UTC(2026, 0, 1) + 1),
      lastAt: new Date(Date.UTC(2026, 0, 1) + 5000),
      lastExample: 'garbage 4999',
    });
    expect(write?.find((t) => t.reason === 'invalid')).toMatchObject({ count: 1, lastDetail: 'samples.0.soc: too big', lastExample: null });
    // Nothing new: no write.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(repository.add).toHaveBeenCalledTimes(1);
  });

  it('never keeps refusals of serial numbers that cannot be a logger, nor unknown-logger ones', async () => {
    const repository = fakeRepository();
    const recorder = createRefusalRecorder({ repository, log: log(), now });
    recorder.record('unknown', 'acl', { topic: '#' });
    recorder.record('NOT REGISTERED', 'too-large');
    recorder.record('LOGGER09', 'unknown-logger');
    await recorder.flush();
    expect(repository.add).not.toHaveBeenCalled();
  });

  it('keeps the tallies for the next write while the database is unreachable, and drops what it refuses', async () => {
    const repository = fakeRepository();
    const warnings = log();
    const recorder = createRefusalRecorder({ repository, log: warnings, flushMs: 2000, now });
    repository.failWith = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    recorder.record('LOGGER01', 'invalid');
    await vi.advanceTimersByTimeAsync(2000);
    expect(warnings.warn).toHaveBeenCalledTimes(1);
    recorder.record('LOGGER01', 'invalid');
    repository.failWith = null;
    await vi.advanceTimersByTimeAsync(2000);
    expect(repository.writes).toEqual([[expect.objectContaining({ reason: 'invalid', count: 2 })]]);

    repository.failWith = Object.assign(new Error('value too long'), { code: '22001' });
    recorder.record('LOGGER01', 'acl');
    await vi.advanceTimersByTimeAsync(2000);
    repository.failWith = null;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(repository.writes).toHaveLength(1);
    expect(warnings.warn).toHaveBeenCalledTimes(2);
  });

  it('holds a bounded number of loggers between writes', async () => {
    const repository = fakeRepository();
    const warnings = log();
    const recorder = createRefusalRecorder({ repository, log: warnings, maxPending: 3, now });
    for (const gsn of ['LOGGER01', 'LOGGER02', 'LOGGER03', 'LOGGER04', 'LOGGER05']) recorder.record(gsn, 'invalid');
    recorder.record('LOGGER01', 'invalid');
    await recorder.flush();
    expect(repository.writes[0]?.map((t) => [t.gsn, t.count])).toEqual([
      ['LOGGER01', 2],
      ['LOGGER02', 1],
      ['LOGGER03', 1],
    ]);
    expect(warnings.warn).toHaveBeenCalledTimes(1);
  });

  it('writes what is left on close and records nothing afterwards', async () => {
    const repository = fakeRepository();
    const recorder = createRefusalRecorder({ repository, log: log(), now });
    recorder.record('LOGGER01', 'storage');
    await recorder.close();
    expect(repository.writes).toHaveLength(1);
    recorder.record('LOGGER01', 'storage');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(repository.writes).toHaveLength(1);
  });
});

describe('payload example', () => {
  it('replaces NUL and bytes that are not UTF-8, and keeps only the first KiB', () => {
    expect(payloadExample(Buffer.from([0x7b, 0x00, 0xff, 0x41]))).toBe('{\uFFFD\uFFFDA');
    expect(payloadExample(Buffer.from('x'.repeat(3000)))).toBe(`${'x'.repeat(1024)}…`);
    // A character cut at the limit is left out, not shown as a replacement character.
    expect(payloadExample(Buffer.from(`${'x'.repeat(1023)}é`))).toBe(`${'x'.repeat(1023)}…`);
  });
});
