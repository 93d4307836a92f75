import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle.js';

describe('login throttle', () => {
  const setup = (options = {}) => {
    let clock = 1_000_000;
    const throttle = createLoginThrottle({ failuresBeforeWait: 2, baseDelayMs: 1000, maxDelayMs: 5000, forgetAfterMs: 60_000, now: () => clock, ...options });
    return { throttle, tick: (ms: number) => (clock += ms) };
  };

  it('lets the first failures pass, then doubles the wait up to the cap', () => {
    const { throttle } = setup();
    const waits = [];
    for (let i = 0; i < 6; i++) {
      throttle.failed('Alice', '10.0.0.1');
      waits.push(throttle.waitMs('alice', '10.0.0.1'));
    }
    expect(waits).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
  });

  it('keeps names and addresses apart, and forgets on success or after a quiet day', () => {
    const { throttle, tick } = setup();
    for (let i = 0; i < 2; i++) throttle.failed('alice', '10.0.0.1');
    expect(throttle.waitMs('alice', '10.0.0.2')).toBe(0);
    expect(throttle.waitMs('bob', '10.0.0.1')).toBe(0);
    tick(400);
    expect(throttle.waitMs('alice', '10.0.0.1')).toBe(600);
    throttle.succeeded('alice', '10.0.0.1');
    expect(throttle.waitMs('alice', '10.0.0.1')).toBe(0);
    for (let i = 0; i < 3; i++) throttle.failed('carol', '10.0.0.1');
    tick(60_001);
    throttle.failed('carol', '10.0.0.1');
    expect(throttle.waitMs('carol', '10.0.0.1')).toBe(0);
  });

  it('remembers at most maxEntries pairs, forgetting the quietest', () => {
    const { throttle } = setup({ failuresBeforeWait: 1, maxEntries: 2 });
    throttle.failed('a', null);
    throttle.failed('b', null);
    throttle.failed('c', null);
    expect([throttle.waitMs('a', null), throttle.waitMs('b', null) > 0, throttle.waitMs('c', null) > 0]).toEqual([0, true, true]);
  });
});
