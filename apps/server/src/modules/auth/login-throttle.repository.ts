import type { Redis } from 'ioredis';
import type { LoginThrottleStore } from './login-throttle.js';

/** Raises the wait only when the new one is later (two processes may record failures at once), and keeps the key's expiry. */
const extendWaitScript = `
local current = tonumber(redis.call('HGET', KEYS[1], 'waitUntil') or '0')
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(ARGV[1]) > current then
  redis.call('HSET', KEYS[1], 'waitUntil', ARGV[1])
end
return 0
`;

/**
 * Failed sign-ins counted in Redis, one hash per user name and address (`failures`, `waitUntil`),
 * which expires `forgetAfterMs` after its latest failure: every server process sees the same count
 * and the same wait. `name` keeps another count's keys apart (wrong verification-code guesses).
 */
export const createRedisThrottleStore = ({ redis, prefix, forgetAfterMs, name = 'login-throttle' }: { redis: Redis; prefix: string; forgetAfterMs: number; name?: string }): LoginThrottleStore => {
  const keyOf = (key: string) => `${prefix}${name}:${key}`;
  return {
    async read(key) {
      const [failures, waitUntil] = await redis.hmget(keyOf(key), 'failures', 'waitUntil');
      return failures === null ? undefined : { failures: Number(failures), waitUntil: Number(waitUntil ?? 0) };
    },
    async addFailure(key) {
      const result = await redis.multi().hincrby(keyOf(key), 'failures', 1).pexpire(keyOf(key), forgetAfterMs).exec();
      const [error, failures] = result?.[0] ?? [new Error('Redis did not run the transaction'), null];
      if (error) throw error;
      return Number(failures);
    },
    async extendWait(key, until) {
      await redis.eval(extendWaitScript, 1, keyOf(key), String(until));
    },
    async forget(key) {
      await redis.del(keyOf(key));
    },
  };
};
