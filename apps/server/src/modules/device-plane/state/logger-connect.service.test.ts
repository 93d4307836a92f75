import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import { describe, expect, it } from 'vitest';
import { type ConnectAttempt, connectAddressKey, createLoggerConnectService } from './logger-connect.service.js';

const clock = () => {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
};

/** A registry of `keys`, counting its reads; with `fail` set its reads throw. */
const registry = (keys: Record<string, string> = {}) => {
  const state = { reads: 0, fail: false };
  return {
    state,
    read: async (gsn: string): Promise<string | null> => {
      state.reads++;
      if (state.fail) throw new Error('database unavailable');
      return keys[gsn] ?? null;
    },
  };
};

const connect = (gsn: string, password: string, address = '192.0.2.1'): ConnectAttempt => ({ address, clientId: gsn, username: gsn, password });

describe('logger CONNECT checks', () => {
  it('refuses again from memory, for a while, the unknown gsn and the wrong password it read', async () => {
    const time = clock();
    const keys = registry({ KNOWN0001: 'known-key-0001' });
    const connects = createLoggerConnectService({ registrationKey: keys.read, failedPerMinute: 100, refusalForMs: 30_000, now: time.now });
    for (let i = 0; i < 5; i++) expect(await connects.check(connect('NOBODY0001', 'x'.repeat(64)))).toBe('refused');
    for (let i = 0; i < 5; i++) expect(await connects.check(connect('KNOWN0001', loggerMqttPassword('KNOWN0001', 'old-key-0001')))).toBe('refused');
    expect(keys.state.reads).toBe(2);
    // Another password of the known logger is read: its right one connects.
    expect(await connects.check(connect('KNOWN0001', loggerMqttPassword('KNOWN0001', 'known-key-0001')))).toBe('accepted');
    expect(keys.state.reads).toBe(3);
    time.advance(30_000);
    expect(await connects.check(connect('NOBODY0001', 'x'.repeat(64)))).toBe('refused');
    expect(keys.state.reads).toBe(4);
  });

  it('holds at most maxRefusals refusals, however many random ids come', async () => {
    const connects = createLoggerConnectService({ registrationKey: registry().read, failedPerMinute: 0, maxRefusals: 100 });
    for (let i = 0; i < 1000; i++) await connects.check(connect(`RANDOM${i}`, 'x'.repeat(64)));
    expect(connects.refusalsHeld()).toBe(100);
  });

  it('refuses malformed CONNECTs without a read or a token', async () => {
    const keys = registry();
    const connects = createLoggerConnectService({ registrationKey: keys.read, failedPerMinute: 1 });
    expect(await connects.check({ address: '192.0.2.1', clientId: 'LOGGER0001', username: undefined, password: 'x' })).toBe('refused');
    expect(await connects.check({ address: '192.0.2.1', clientId: 'OTHER0001', username: 'LOGGER0001', password: 'x' })).toBe('refused');
    expect(await connects.check({ address: '192.0.2.1', clientId: 'LOGGER0001', username: 'LOGGER0001', password: undefined })).toBe('refused');
    expect(await connects.check({ address: '192.0.2.1', clientId: 'no spaces', username: 'no spaces', password: 'x' })).toBe('refused');
    expect(keys.state.reads).toBe(0);
    expect(await connects.check(connect('NOBODY0001', 'x'))).toBe('refused');
    expect(await connects.check(connect('NOBODY0002', 'x'))).toBe('limited');
  });

  it('charges nothing for a CONNECT the registry could not answer, so a database outage does not use up the budget', async () => {
    const keys = registry({ KNOWN0001: 'known-key-0001' });
    const connects = createLoggerConnectService({ registrationKey: keys.read, failedPerMinute: 2 });
    keys.state.fail = true;
    for (let i = 0; i < 5; i++) await expect(connects.check(connect('KNOWN0001', loggerMqttPassword('KNOWN0001', 'known-key-0001')))).rejects.toThrow('database unavailable');
    keys.state.fail = false;
    expect(await connects.check(connect('NOBODY0001', 'x'))).toBe('refused');
    expect(await connects.check(connect('NOBODY0002', 'x'))).toBe('refused');
    expect(await connects.check(connect('NOBODY0003', 'x'))).toBe('limited');
  });

  it('refills the budget over the minute and reports an address over it once per minute', async () => {
    const time = clock();
    const reports: [string, number][] = [];
    const connects = createLoggerConnectService({ registrationKey: registry().read, failedPerMinute: 6, now: time.now, onLimited: (address, refused) => reports.push([address, refused]) });
    for (let i = 0; i < 20; i++) await connects.check(connect(`RANDOM${i}`, 'x'));
    expect(reports).toEqual([['192.0.2.1', 1]]);
    time.advance(10_000); // one refused CONNECT per 10 s comes back
    expect(await connects.check(connect('RANDOM0100', 'x'))).toBe('refused');
    expect(await connects.check(connect('RANDOM0101', 'x'))).toBe('limited');
    // A minute later the budget is whole again, and the next time over it is reported again.
    time.advance(60_000);
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push(await connects.check(connect(`AGAIN${i}`, 'x')));
    expect(codes).toEqual(['refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'limited', 'limited']);
    expect(reports).toEqual([
      ['192.0.2.1', 1],
      ['192.0.2.1', 1],
    ]);
  });

  it('reads CONNECTs that come at once, accepted ones without charge, and makes the address wait out the debt of the refused ones', async () => {
    const time = clock();
    const site = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`SITE${String(i).padStart(4, '0')}`, `site-key-${i}`]));
    const keys = registry(site);
    const connects = createLoggerConnectService({ registrationKey: keys.read, failedPerMinute: 6, now: time.now });
    // A site of 30 loggers behind one address, all at once after a restart: a budget of 6 is no obstacle.
    const accepted = await Promise.all(Object.entries(site).map(([gsn, key]) => connects.check(connect(gsn, loggerMqttPassword(gsn, key)))));
    expect(accepted.every((verdict) => verdict === 'accepted')).toBe(true);
    // 12 strangers at once: all read (none was refused yet when they came), 6 more than the budget.
    const strangers = await Promise.all(Array.from({ length: 12 }, (_, i) => connects.check(connect(`STRANGER${i}`, 'x'))));
    expect(strangers.every((verdict) => verdict === 'refused')).toBe(true);
    expect(keys.state.reads).toBe(42);
    expect(await connects.check(connect('STRANGER99', 'x'))).toBe('limited');
    // The debt of 6 is paid back in a minute; the next refused CONNECT comes 10 s later.
    time.advance(60_000);
    expect(await connects.check(connect('STRANGER99', 'x'))).toBe('limited');
    time.advance(10_000);
    expect(await connects.check(connect('STRANGER99', 'x'))).toBe('refused');
    expect(await connects.check(connect('SITE0001', loggerMqttPassword('SITE0001', 'site-key-1')))).toBe('limited');
  });

  it('does not remember a refusal read before the logger was registered', async () => {
    const keys: Record<string, string> = {};
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const connects = createLoggerConnectService({
      // The read sees the registry before the registration, and answers after it.
      registrationKey: async (gsn) => {
        const key = keys[gsn] ?? null;
        await gate;
        return key;
      },
      failedPerMinute: 100,
    });
    const password = loggerMqttPassword('LATE000001', 'late-key-0001');
    const first = connects.check(connect('LATE000001', password));
    keys.LATE000001 = 'late-key-0001';
    connects.forget('LATE000001');
    release();
    expect(await first).toBe('refused');
    expect(await connects.check(connect('LATE000001', password))).toBe('accepted');
  });

  it('keeps an address budget per IPv4 address and per IPv6 /64', () => {
    expect(connectAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(connectAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(connectAddressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(connectAddressKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(connectAddressKey('2001:0db8:00aa::1')).toBe('2001:db8:aa:0::/64');
    expect(connectAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(connectAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(connectAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(connectAddressKey(undefined)).toBe('unknown');
  });
});
