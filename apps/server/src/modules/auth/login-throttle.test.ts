import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type LoginThrottleOptions, createLoginThrottle } from './login-throttle.js';
import { createRedisThrottleStore } from './login-throttle.repository.js';

describe('login throttle', () => {
  const setup = (options: LoginThrottleOptions = {}) => {
    let clock = 1_000_000;
    const throttle = createLoginThrottle({ failuresBeforeWait: 2, baseDelayMs: 1000, maxDelayMs: 5000, forgetAfterMs: 60_000, now: () => clock, ...options });
    return { throttle, tick: (ms: number) => (clock += ms) };
  };

  it('lets the first failures pass, then doubles the wait up to the cap', async () => {
    const { throttle } = setup();
    const waits = [];
    for (let i = 0; i < 6; i++) {
      await throttle.failed('Alice', '10.0.0.1');
      waits.push(await throttle.waitMs('alice', '10.0.0.1'));
    }
    expect(waits).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
  });

  it('keeps names and addresses apart, and forgets on success or after a quiet day', async () => {
    const { throttle, tick } = setup();
    for (let i = 0; i < 2; i++) await throttle.failed('alice', '10.0.0.1');
    expect(await throttle.waitMs('alice', '10.0.0.2')).toBe(0);
    expect(await throttle.waitMs('bob', '10.0.0.1')).toBe(0);
    tick(400);
    expect(await throttle.waitMs('alice', '10.0.0.1')).toBe(600);
    await throttle.succeeded('alice', '10.0.0.1');
    expect(await throttle.waitMs('alice', '10.0.0.1')).toBe(0);
    for (let i = 0; i < 3; i++) await throttle.failed('carol', '10.0.0.1');
    tick(60_001);
    await throttle.failed('carol', '10.0.0.1');
    expect(await throttle.waitMs('carol', '10.0.0.1')).toBe(0);
  });

  it('remembers at most maxEntries pairs, forgetting the quietest', async () => {
    const { throttle } = setup({ failuresBeforeWait: 1, maxEntries: 2 });
    await throttle.failed('a', null);
    await throttle.failed('b', null);
    await throttle.failed('c', null);
    expect([await throttle.waitMs('a', null), (await throttle.waitMs('b', null)) > 0, (await throttle.waitMs('c', null)) > 0]).toEqual([0, true, true]);
  });

  it('counts in memory while the shared store fails, and says so', async () => {
    const errors: string[] = [];
    const broken = () => Promise.reject(new Error('Redis is down'));
    const { throttle } = setup({ shared: { store: { read: broken, addFailure: broken, extendWait: broken, forget: broken }, onError: (error) => errors.push(error.message) } });
    for (let i = 0; i < 3; i++) await throttle.failed('dave', '10.0.0.1');
    expect(await throttle.waitMs('dave', '10.0.0.1')).toBe(2000);
    expect(errors.length).toBeGreaterThan(0);
  });
});

// The machine's Redis (.ci/run starts it; test/scale-out.test.ts insists on it in CI); a unique prefix keeps parallel runs apart.
const redisUrl = 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
redis.on('error', () => undefined);
const reachable = await redis.connect().then(
  () => true,
  () => false,
);

describe.skipIf(!reachable)('login throttle shared through Redis', () => {
  const prefix = `cellsight-test-${process.pid}-${Date.now()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts the failures of two processes together, and one success forgives on both', async () => {
    const shared = () => ({ store: createRedisThrottleStore({ redis, prefix, forgetAfterMs: 60_000 }), onError: (error: Error) => expect.fail(error.message) });
    const a = createLoginThrottle({ failuresBeforeWait: 2, baseDelayMs: 1000, maxDelayMs: 5000, shared: shared() });
    const b = createLoginThrottle({ failuresBeforeWait: 2, baseDelayMs: 1000, maxDelayMs: 5000, shared: shared() });
    // Failures spread over both, some at the same moment: each one counts.
    await a.failed('erin', '10.0.0.9');
    await Promise.all([b.failed('erin', '10.0.0.9'), a.failed('erin', '10.0.0.9')]);
    const wait = await b.waitMs('erin', '10.0.0.9');
    expect(wait).toBeGreaterThan(1000);
    expect(wait).toBeLessThanOrEqual(2000);
    expect(await a.waitMs('erin', '10.0.0.10')).toBe(0);
    const ttl = await redis.pttl(`${prefix}login-throttle:erin\u000010.0.0.9`);
    expect(ttl).toBeGreaterThan(50_000);
    await b.succeeded('Erin', '10.0.0.9');
    expect(await a.waitMs('erin', '10.0.0.9')).toBe(0);
  });
});
