import { describe, expect, it, vi } from 'vitest';
import { RefreshingCache } from './refreshing-cache.js';

/** A read the test answers by hand: `answer` settles the oldest read still open. */
const manualReads = () => {
  const open: { keys: string[]; resolve: (found: Map<string, string>) => void; reject: (error: Error) => void }[] = [];
  const read = vi.fn(
    (keys: string[]) =>
      new Promise<Map<string, string>>((resolve, reject) => {
        open.push({ keys, resolve, reject });
      }),
  );
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    read,
    open,
    async answer(found: Record<string, string>) {
      open.shift()?.resolve(new Map(Object.entries(found)));
      await settle();
    },
    async fail(error: Error) {
      open.shift()?.reject(error);
      await settle();
    },
  };
};

const cacheWith = (reads: ReturnType<typeof manualReads>, clock: { now: number }, onRefreshError = vi.fn()) =>
  new RefreshingCache<string, string>({ maxAgeMs: 60_000, read: reads.read, onRefreshError, now: () => clock.now });

/** Fills the cache with one key's answer, read at the clock's present time. */
const holding = async (cache: RefreshingCache<string, string>, reads: ReturnType<typeof manualReads>, key: string, value: string) => {
  const filling = cache.get([key]);
  await reads.answer({ [key]: value });
  await filling;
};

describe('RefreshingCache', () => {
  it('reads a key it does not hold once, however many ask for it together, and says when nothing was found', async () => {
    const reads = manualReads();
    const cache = cacheWith(reads, { now: 0 });
    const first = cache.get(['BAT-1', 'BAT-2']);
    const second = cache.get(['BAT-1']);
    expect(reads.read).toHaveBeenCalledTimes(1);
    await reads.answer({ 'BAT-1': 'LOGGER-A' });
    expect(await first).toEqual(new Map([['BAT-1', 'LOGGER-A'], ['BAT-2', undefined]]));
    expect(await second).toEqual(new Map([['BAT-1', 'LOGGER-A']]));
    expect(await cache.get(['BAT-2'])).toEqual(new Map([['BAT-2', undefined]]));
    expect(reads.read).toHaveBeenCalledTimes(1);
  });

  it('answers an old value at once while one background read refreshes it', async () => {
    const reads = manualReads();
    const clock = { now: 0 };
    const cache = cacheWith(reads, clock);
    await holding(cache, reads, 'BAT-1', 'LOGGER-A');

    clock.now = 61_000;
    // Due: answered from what is held, without waiting, and read again once for all who ask meanwhile.
    expect(await cache.get(['BAT-1'])).toEqual(new Map([['BAT-1', 'LOGGER-A']]));
    expect(await cache.get(['BAT-1'])).toEqual(new Map([['BAT-1', 'LOGGER-A']]));
    expect(reads.read).toHaveBeenCalledTimes(2);
    await reads.answer({ 'BAT-1': 'LOGGER-B' });
    expect(await cache.get(['BAT-1'])).toEqual(new Map([['BAT-1', 'LOGGER-B']]));
    expect(reads.read).toHaveBeenCalledTimes(2);
  });

  it('reads a due "none" again before answering (a logger registered meanwhile is not refused once more)', async () => {
    const reads = manualReads();
    const clock = { now: 0 };
    const cache = cacheWith(reads, clock);
    const filling = cache.get(['LOGGER-X']);
    await reads.answer({});
    expect(await filling).toEqual(new Map([['LOGGER-X', undefined]]));
    clock.now = 61_000;
    const asking = cache.get(['LOGGER-X']);
    expect(reads.read).toHaveBeenCalledTimes(2);
    await reads.answer({ 'LOGGER-X': 'registered' });
    expect(await asking).toEqual(new Map([['LOGGER-X', 'registered']]));
  });

  it('keeps the old answers when a background refresh fails, and reports it', async () => {
    const reads = manualReads();
    const clock = { now: 0 };
    const onRefreshError = vi.fn();
    const cache = cacheWith(reads, clock, onRefreshError);
    await holding(cache, reads, 'BAT-1', 'LOGGER-A');
    clock.now = 61_000;
    await cache.get(['BAT-1']);
    await reads.fail(new Error('database unavailable'));
    expect(onRefreshError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database unavailable' }));
    expect(await cache.get(['BAT-1'])).toEqual(new Map([['BAT-1', 'LOGGER-A']]));
    // Still due, so the next ask tries again.
    expect(reads.read).toHaveBeenCalledTimes(3);
  });

  it('lets a caller see a failed read of a key it does not hold', async () => {
    const reads = manualReads();
    const cache = cacheWith(reads, { now: 0 });
    const asking = cache.get(['BAT-1']);
    await reads.fail(new Error('database unavailable'));
    await expect(asking).rejects.toThrow('database unavailable');
  });

  it('reads again for a caller when a forget overtook its read (the answer may predate a move)', async () => {
    const reads = manualReads();
    const cache = cacheWith(reads, { now: 0 });
    const asking = cache.get(['BAT-1']);
    cache.forget('BAT-1'); // moved to LOGGER-B while the owner was being read
    await reads.answer({ 'BAT-1': 'LOGGER-A' });
    expect(reads.read).toHaveBeenCalledTimes(2);
    await reads.answer({ 'BAT-1': 'LOGGER-B' });
    expect(await asking).toEqual(new Map([['BAT-1', 'LOGGER-B']]));
  });

  it('drops a background refresh that a forget overtook, so the next ask reads afresh', async () => {
    const reads = manualReads();
    const clock = { now: 0 };
    const cache = cacheWith(reads, clock);
    await holding(cache, reads, 'BAT-1', 'LOGGER-A');
    clock.now = 61_000;
    await cache.get(['BAT-1']);
    cache.forget('BAT-1');
    await reads.answer({ 'BAT-1': 'LOGGER-A' });
    const asking = cache.get(['BAT-1']);
    expect(reads.read).toHaveBeenCalledTimes(3);
    await reads.answer({ 'BAT-1': 'LOGGER-B' });
    expect(await asking).toEqual(new Map([['BAT-1', 'LOGGER-B']]));
  });

  it('holds a value set by hand as fresh (a battery claimed by its first logger)', async () => {
    const reads = manualReads();
    const cache = cacheWith(reads, { now: 0 });
    cache.set('BAT-1', 'LOGGER-A');
    expect(await cache.get(['BAT-1'])).toEqual(new Map([['BAT-1', 'LOGGER-A']]));
    expect(reads.read).not.toHaveBeenCalled();
  });
});
