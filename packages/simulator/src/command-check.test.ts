import { DeviceCode, type CommandMessage } from '@cellsight/contract';
import { loggerSigningKey, signCommand } from '@cellsight/contract/device-crypto';
import { describe, expect, it } from 'vitest';
import { checkCommand, commandMaxAgeMs, NonceMemory, type CommandCheck } from './command-check.js';

const gsn = 'SIM000001';
const key = '0123456789abcdef';
const signingKey = loggerSigningKey(gsn, key);
const batterySns = ['SIM000001-B01', 'SIM000001-B02'];
const now = Date.UTC(2026, 0, 10, 12);

let counter = 0;
/** A correctly signed command, as the platform would send it. */
const command = (fields: Partial<Omit<CommandMessage, 'sign'>> = {}): CommandMessage => {
  counter++;
  const unsigned = { v: 1 as const, id: `cmd-${counter}`, op: 'settings' as const, val: '{"eod":47}', nonce: `nonce-${String(counter).padStart(12, '0')}`, ts: now, ...fields };
  return { ...unsigned, sign: signCommand(unsigned, signingKey) };
};

const check = (message: unknown, nonces = new NonceMemory(), at = now): CommandCheck =>
  checkCommand(typeof message === 'string' ? message : JSON.stringify(message), { signingKey, batterySns, nonces, now: at });

const codeOf = (result: CommandCheck): number | 'execute' | 'duplicate' => (result.kind === 'refuse' ? result.code : result.kind);

describe('command checks', () => {
  it('executes a correctly signed command', () => {
    const result = check(command({ batterySn: 'SIM000001-B02' }));
    expect(result).toMatchObject({ kind: 'execute', action: { op: 'settings', settings: { eod: 47 } } });
  });

  it('refuses a tampered command with code 2', () => {
    const tampered = { ...command(), val: '{"eod":44}' };
    expect(check(tampered)).toMatchObject({ kind: 'refuse', code: DeviceCode.WRONG_SIGNATURE, id: tampered.id });
    // A signature made with another logger's key is just as wrong.
    const unsigned = { v: 1, id: 'x1', op: 'restart', val: '', nonce: 'n'.repeat(16), ts: now };
    const foreign = { ...unsigned, sign: signCommand(unsigned, loggerSigningKey('SIM000002', key)) };
    expect(codeOf(check(foreign))).toBe(DeviceCode.WRONG_SIGNATURE);
  });

  it('refuses a replayed nonce with code 2, but repeats the answer for a redelivery of the same command', () => {
    const nonces = new NonceMemory();
    const first = command();
    expect(codeOf(check(first, nonces))).toBe('execute');
    // The very same message again (a QoS 1 redelivery): not executed twice.
    expect(check(first, nonces)).toEqual({ kind: 'duplicate', id: first.id });
    // Another command reusing the nonce: a replay.
    const replay = command({ nonce: first.nonce });
    expect(check(replay, nonces)).toMatchObject({ kind: 'refuse', code: DeviceCode.WRONG_SIGNATURE, message: 'nonce already used' });
  });

  it('refuses commands older (or newer) than 5 minutes with code 2', () => {
    expect(codeOf(check(command({ ts: now - commandMaxAgeMs - 1 })))).toBe(DeviceCode.WRONG_SIGNATURE);
    expect(codeOf(check(command({ ts: now + commandMaxAgeMs + 1 })))).toBe(DeviceCode.WRONG_SIGNATURE);
    expect(codeOf(check(command({ ts: now - commandMaxAgeMs + 1000 })))).toBe('execute');
  });

  it('refuses a battery that is not connected to the logger with code 1', () => {
    expect(check(command({ batterySn: 'SIM000002-B01' }))).toMatchObject({ kind: 'refuse', code: DeviceCode.WRONG_BATTERY_SN });
  });

  it('checks values: EOD 51 and non-JSON are code 4, illegal characters code 5', () => {
    expect(codeOf(check(command({ val: '{"eod":51}' })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
    expect(codeOf(check(command({ val: '{"eod":43.9}' })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
    expect(codeOf(check(command({ val: '{"eod":"47"}' })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
    expect(codeOf(check(command({ val: 'eod=47' })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
    expect(codeOf(check(command({ val: '{}' })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
    expect(codeOf(check(command({ val: '{"workMode":"wärme"}' })))).toBe(DeviceCode.ILLEGAL_CHARACTER);
    expect(codeOf(check(command({ val: '{"workMode":"a\\u0007b"}' })))).toBe(DeviceCode.ILLEGAL_CHARACTER);
    expect(codeOf(check(command({ op: 'restart', val: 'now' })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
    expect(codeOf(check(command({ op: 'shutdown', val: '' })))).toBe('execute');
    expect(check(command({ val: '{"socMin":20,"socMax":90,"workMode":"backup"}' }))).toMatchObject({
      kind: 'execute',
      action: { op: 'settings', settings: { socMin: 20, socMax: 90, workMode: 'backup' } },
    });
  });

  it('reads upgrade values', () => {
    const val = JSON.stringify({ version: '1.5.0', url: 'https://updates.example.com/bms-1.5.0.bin', size: 524288, sha256: 'a'.repeat(64) });
    expect(check(command({ op: 'upgrade', val, batterySn: 'SIM000001-B01' }))).toMatchObject({ kind: 'execute', action: { op: 'upgrade', upgrade: { version: '1.5.0', size: 524288 } } });
    expect(codeOf(check(command({ op: 'upgrade', val: JSON.stringify({ version: '1.5.0', url: 'ftp://x', size: 1, sha256: 'a'.repeat(64) }) })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
    expect(codeOf(check(command({ op: 'upgrade', val: '' })))).toBe(DeviceCode.WRONG_PARAMETER_TYPE);
  });

  it('answers malformed commands with code 4 when they carry an id, and drops them otherwise', () => {
    expect(check({ v: 1, id: 'bad-1', op: 'reboot', val: '', nonce: 'x'.repeat(16), ts: now, sign: '0'.repeat(64) })).toMatchObject({ kind: 'refuse', id: 'bad-1', code: DeviceCode.WRONG_PARAMETER_TYPE });
    expect(check('not json')).toMatchObject({ kind: 'refuse', id: null });
    expect(check({ hello: 'world' })).toMatchObject({ kind: 'refuse', id: null });
  });

  it('covers fields it does not know in the signature', () => {
    const unsigned = { v: 1, id: 'x2', op: 'shutdown', val: '', nonce: 'm'.repeat(16), ts: now, extra: 'future field' };
    const signed = { ...unsigned, sign: signCommand(unsigned, signingKey) };
    expect(codeOf(check(signed))).toBe('execute');
    expect(codeOf(check({ ...signed, extra: 'changed', nonce: 'k'.repeat(16) }))).toBe(DeviceCode.WRONG_SIGNATURE);
  });

  it('forgets nonces once their commands could no longer pass the age check', () => {
    const nonces = new NonceMemory(3);
    for (let i = 0; i < 10; i++) nonces.remember(`nonce-${i}`, `id-${i}`, now, now);
    expect(nonces.size).toBeLessThanOrEqual(3);
    nonces.remember('late', 'id-late', now + 2 * commandMaxAgeMs, now + 2 * commandMaxAgeMs);
    expect(nonces.size).toBe(1);
  });
});
