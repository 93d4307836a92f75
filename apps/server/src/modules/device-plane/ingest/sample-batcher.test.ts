import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BatcherOptions, SampleBatcher } from './sample-batcher.js';
import type { SampleRow } from './sample.repository.js';

const rows = (gsn: string, n: number, from = 0): SampleRow[] =>
  Array.from({ length: n }, (_, i) => ({ gsn, timezone: 'UTC', batterySn: `${gsn}-B`, ts: from + i, fields: new Uint8Array(0) }));

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const flush = () => new Promise((resolve) => setImmediate(resolve));

const batcher = (overrides: Partial<BatcherOptions> & Pick<BatcherOptions, 'write'>) =>
  new SampleBatcher({ batchSize: 10, lingerMs: 5, maxPending: 1000, concurrency: 1, onPressure: () => undefined, onError: () => undefined, retryDelayMs: 10, ...overrides });

afterEach(() => vi.useRealTimers());

describe('SampleBatcher', () => {
  it('acknowledges a message only after the batch holding it is written', async () => {
    const write = deferred();
    const done = vi.fn();
    const b = batcher({ write: () => write.promise });
    b.add('L1', rows('L1', 10), done);
    await flush();
    expect(done).not.toHaveBeenCalled();
    write.resolve();
    await flush();
    expect(done).toHaveBeenCalledWith();
  });

  it('writes different loggers side by side but one logger one batch at a time, in order', async () => {
    const writes: { gsn: string; first: number; finish: () => void }[] = [];
    const b = batcher({
      concurrency: 2,
      write: (batch) => {
        const gate = deferred();
        writes.push({ gsn: batch[0]?.gsn ?? '', first: batch[0]?.ts ?? -1, finish: gate.resolve });
        return gate.promise;
      },
    });
    // Find two SNs that land on different writers, and show one SN never has two batches in flight.
    const [a, c] = ['L1', 'L2', 'L3', 'L4', 'L5'].reduce<string[]>((found, gsn) => {
      if (found.length < 2) {
        b.add(gsn, rows(gsn, 10), () => undefined);
        if (writes.length > found.length) found.push(gsn);
      }
      return found;
    }, []);
    expect(a).toBeDefined();
    expect(c).toBeDefined();
    expect(writes.map((w) => w.gsn)).toEqual([a, c]);
    b.add(a as string, rows(a as string, 10, 100), () => undefined);
    await flush();
    expect(writes).toHaveLength(2); // a's second batch waits for its first
    writes[0]?.finish();
    await flush();
    expect(writes.map((w) => [w.gsn, w.first])).toContainEqual([a, 100]);
  });

  it('holds and retries everything while the database is down, then acknowledges once', async () => {
    let attempts = 0;
    const done = vi.fn();
    const onError = vi.fn();
    const b = batcher({
      onError,
      write: async () => {
        attempts++;
        if (attempts < 3) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      },
    });
    b.add('L1', rows('L1', 10), done);
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(attempts).toBe(3);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), true);
    expect(b.pendingRows).toBe(0);
  });

  it('drops only the message whose data the database refuses', async () => {
    const good = vi.fn();
    const bad = vi.fn();
    const b = batcher({
      write: async (batch) => {
        if (batch.some((row) => row.gsn === 'BAD')) throw Object.assign(new Error('value out of range'), { code: '22003' });
      },
    });
    b.add('L1', rows('L1', 3), good);
    b.add('BAD', rows('BAD', 3), bad);
    b.add('L2', rows('L2', 4), good);
    await vi.waitFor(() => expect(good).toHaveBeenCalledTimes(2));
    expect(good).toHaveBeenCalledWith();
    expect(bad).toHaveBeenCalledWith(expect.objectContaining({ message: 'value out of range' }));
  });

  it('asks the transport to pause above the pending limit and to resume below half of it', async () => {
    const write = deferred();
    const onPressure = vi.fn();
    const b = batcher({ maxPending: 30, batchSize: 10, onPressure, write: () => write.promise });
    for (let i = 0; i < 4; i++) b.add('L1', rows('L1', 10, i * 10), () => undefined);
    expect(onPressure).toHaveBeenCalledWith(true);
    write.resolve();
    await vi.waitFor(() => expect(onPressure).toHaveBeenLastCalledWith(false));
  });
});
