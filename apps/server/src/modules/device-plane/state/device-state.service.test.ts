import { describe, expect, it } from 'vitest';
import { createDeviceStateService } from './device-state.service.js';
import type { LoggerRecords, LoggerIdentity } from '../../logger/index.js';

const logger = (gsn: string): LoggerIdentity => ({ gsn, registrationKey: 'k', timezone: 'UTC', tenantId: 7, stationId: null, audience: [] });

/** A repository whose loggers are online or not in memory. */
const setup = () => {
  const online = new Map<string, boolean>([['L1', false], ['L2', true], ['L3', true]]);
  const loggers = {
    setOnline: async (gsn: string, value: boolean) => {
      const changed = online.get(gsn) !== value;
      online.set(gsn, value);
      return changed;
    },
    touch: async () => undefined,
    findLogger: async (gsn: string) => (online.has(gsn) ? logger(gsn) : null),
    markSilentOffline: async () => ['L2', 'L3'],
  } as unknown as LoggerRecords;
  const told: [string, number | null, boolean][] = [];
  const states = createDeviceStateService({ loggers, onChange: (l, value) => told.push([l.gsn, l.tenantId, value]) });
  return { states, told };
};

describe('device state', () => {
  it('tells the tenant only when the state changed', async () => {
    const { states, told } = setup();
    await states.seen(logger('L1'));
    await states.setOnline('L1', true);
    await states.setOnline('L1', false);
    expect(told).toEqual([
      ['L1', 7, true],
      ['L1', 7, false],
    ]);
  });

  it('tells the tenant of every logger the silence sweep takes offline', async () => {
    const { states, told } = setup();
    await states.sweepSilent(15 * 60_000);
    expect(told).toEqual([
      ['L2', 7, false],
      ['L3', 7, false],
    ]);
  });
});
