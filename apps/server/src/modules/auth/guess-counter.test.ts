import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisThrottleStore } from './login-throttle.repository.js';
import { createGuessCounter } from './guess-counter.js';

describe('guess counter', () => {
  it('counts per key, forgets on request and once a code could no longer be used', async () => {
    let clock = 1_000_000;
    const guesses = createGuessCounter({ now: () => clock });
    expect([await guesses.add('code\u000010.0.0.1'), await guesses.add('code\u000010.0.0.1'), await guesses.add('code\u000010.0.0.2')]).toEqual([1, 2, 1]);
    await guesses.forget('code\u000010.0.0.1');
    expect(await guesses.add('code\u000010.0.0.1')).toBe(1);
    clock += 10 * 60_000 + 1;
    expect(await guesses.add('code\u000010.0.0.2')).toBe(1);
  });
});

// The machine's Redis, as in login-throttle.test.ts; a unique prefix keeps parallel runs apart.
const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
redis.on('error', () => undefined);
const reachable = await redis.connect().then(
  () => true,
  () => false,
);

describe.skipIf(!reachable)('guess counter shared through Redis', () => {
  const prefix = `cellsight-test-${process.pid}-${Date.now()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts the guesses of two processes together, apart from the sign-in throttle’s keys', async () => {
    const shared = () => ({ store: createRedisThrottleStore({ redis, prefix, forgetAfterMs: 600_000, name: 'verification-guesses' }), onError: (error: Error) => expect.fail(error.message) });
    const a = createGuessCounter({ shared: shared() });
    const b = createGuessCounter({ shared: shared() });
    await a.add('code\u000010.0.0.9');
    const [one, two] = await Promise.all([b.add('code\u000010.0.0.9'), a.add('code\u000010.0.0.9')]);
    expect([one, two].sort()).toEqual([2, 3]);
    expect(await redis.exists(`${prefix}verification-guesses:code\u000010.0.0.9`)).toBe(1);
    expect(await redis.exists(`${prefix}login-throttle:code\u000010.0.0.9`)).toBe(0);
    await b.forget('code\u000010.0.0.9');
    expect(await a.add('code\u000010.0.0.9')).toBe(1);
  });
});
