import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connackCode } from './support/document-logger.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/**
 * CONNECTs nobody registered (docs/device-protocol.md section 2.2), at the embedded broker: each
 * costs a registry read unless it is answered without one, so a flood of them once slowed every
 * user of the console. The broker's CONNECT check counts the registry reads it makes.
 */
/** Refused CONNECTs one address may cost the registry per minute (and at once) in these tests. */
const budget = 20;
const gsn = 'FLOODSITE01';
const key = 'flood-site-key-01';
const notAuthorized = 5;
const serverUnavailable = 3;

let t: TestApp;
let admin: string;
let port: number;
const stats = () => t.app.devicePlane.ingest.stats();
/** Registry reads the broker's CONNECT checks have made. */
const reads = () => t.app.devicePlane.connects.registryReads();
const attempt = (from: string, clientId: string, password = loggerMqttPassword(clientId, 'some-guessed-key')) =>
  connackCode(port, { protocolVersion: 4, clientId, username: clientId, password, localAddress: from }).then((answer) => answer.code);
const register = async (loggers: { gsn: string; key: string }[]) => {
  const response = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers } });
  expect(response.json()).toMatchObject({ success: true });
};

beforeAll(async () => {
  t = await createTestApp({ MQTT_FAILED_CONNECTS_PER_MINUTE: String(budget) });
  admin = await t.login('admin', adminPassword);
  port = t.app.devicePlane.brokerPort ?? 0;
  await register([{ gsn, key }]);
});
afterAll(() => t.close());

describe('CONNECTs of unknown loggers at the embedded broker', () => {
  it('answers the same unknown ids again from a short cache: one registry read per id, not one per CONNECT', async () => {
    const before = reads();
    const ids = ['NOBODY0001', 'NOBODY0002', 'NOBODY0003'];
    for (let round = 0; round < 10; round++) for (const id of ids) expect(await attempt('127.0.0.2', id)).toBe(notAuthorized);
    expect(reads() - before).toBe(ids.length);
  });

  it('answers a logger retrying the same wrong password from the cache too, and a new password with a read', async () => {
    const before = reads();
    const wrong = loggerMqttPassword(gsn, 'an-old-key-0001');
    for (let round = 0; round < 10; round++) expect(await attempt('127.0.0.2', gsn, wrong)).toBe(notAuthorized);
    expect(reads() - before).toBe(1);
    expect(await attempt('127.0.0.2', gsn, loggerMqttPassword(gsn, key))).toBe(0);
    expect(reads() - before).toBe(2);
  });

  it('refuses an address whose refused CONNECTs passed its budget with 0x03 and no registry read, while another address connects', async () => {
    const readsBefore = reads();
    const refusedBefore = stats().rejected['connect-rate'];
    const warnings: unknown[] = [];
    const warn = vi.spyOn(t.app.log, 'warn').mockImplementation(((first: unknown) => {
      if ((first as { reason?: string } | null)?.reason === 'connect-rate') warnings.push(first);
    }) as typeof t.app.log.warn);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 100; i++) codes.push(await attempt('127.0.0.3', `RANDOM${String(i).padStart(5, '0')}x${Math.random().toString(36).slice(2, 8)}`));
      expect(codes.slice(0, budget).every((code) => code === notAuthorized)).toBe(true);
      expect(codes.slice(budget).every((code) => code === serverUnavailable)).toBe(true);
      expect(reads() - readsBefore).toBe(budget);
      // A registered logger behind the flooding address waits with the flood; one elsewhere does not.
      expect(await attempt('127.0.0.3', gsn, loggerMqttPassword(gsn, key))).toBe(serverUnavailable);
      expect(await attempt('127.0.0.4', gsn, loggerMqttPassword(gsn, key))).toBe(0);
      expect(await attempt('127.0.0.4', 'NOBODY0099')).toBe(notAuthorized);
      expect(stats().rejected['connect-rate'] - refusedBefore).toBe(100 - budget + 1);
      // Logged once per address and minute, not once per CONNECT.
      expect(warnings).toEqual([expect.objectContaining({ address: '127.0.0.3', reason: 'connect-rate' })]);
    } finally {
      warn.mockRestore();
    }
  });

  it('does not count accepted CONNECTs: a site of more loggers than the budget behind one address connects, all at once', async () => {
    const site = Array.from({ length: budget * 3 }, (_, i) => ({ gsn: `NATSITE${String(i).padStart(3, '0')}`, key: `nat-site-key-${i}` }));
    await register(site);
    const codes = await Promise.all(site.map((logger) => attempt('127.0.0.5', logger.gsn, loggerMqttPassword(logger.gsn, logger.key))));
    expect(codes.every((code) => code === 0)).toBe(true);
  });

  it('lets a logger registered after its refused CONNECT connect at once', async () => {
    const late = { gsn: 'LATELOGGER01', key: 'late-logger-key-1' };
    const password = loggerMqttPassword(late.gsn, late.key);
    expect(await attempt('127.0.0.6', late.gsn, password)).toBe(notAuthorized);
    await register([late]);
    expect(await attempt('127.0.0.6', late.gsn, password)).toBe(0);
  });

  it('lets a logger refused for its password connect at once when its key is changed to the one it has', async () => {
    const password = loggerMqttPassword(gsn, 'the-new-key-0001');
    expect(await attempt('127.0.0.6', gsn, password)).toBe(notAuthorized);
    const rotated = await t.request({ method: 'POST', url: '/boot/want/logger/rotateKey', token: admin, payload: { gsn, key: 'the-new-key-0001' } });
    expect(rotated.json()).toMatchObject({ success: true });
    expect(await attempt('127.0.0.6', gsn, password)).toBe(0);
  });
});
