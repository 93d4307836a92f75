import { ServerCode, loggerEndpoints, stationEndpoints } from '@cellsight/contract';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * The fleet most API tests start from, built through the API as a person would: loggers
 * registered, then a station with them. Keys follow one rule so a test can connect as the logger.
 */
export const loggerKeyOf = (gsn: string): string => `key-${gsn.toLowerCase()}`;

/** The wizard's `logger` JSON text for these loggers (product code `<gsn>-M` unless given). */
export const loggerRowsText = (gsns: readonly string[], productCode = (gsn: string) => `${gsn}-M`): string =>
  JSON.stringify(gsns.map((gsn) => ({ gsn, key: loggerKeyOf(gsn), product_code: productCode(gsn) })));

/** Registers the loggers with their rule keys; fails the test if registration is refused. */
export const registerLoggers = async (t: TestApp, token: string, gsns: readonly string[]): Promise<void> => {
  const { envelope } = await t.call(loggerEndpoints.registerBatch, { token, body: { loggers: gsns.map((gsn) => ({ gsn, key: loggerKeyOf(gsn) })) } });
  expect(envelope, envelope.message).toMatchObject({ success: true });
};

/**
 * A station with the (already registered) loggers bound to it, for `masterId` (the caller itself
 * when absent), added as a European installation; its id.
 */
export const addStation = async (t: TestApp, token: string, values: { name: string; gsns: readonly string[]; masterId?: string }): Promise<string> => {
  const { name, gsns, masterId } = values;
  const { envelope } = await t.call(stationEndpoints.addStation, { token, query: { from: 'EUR' }, body: { name, logger: loggerRowsText(gsns), ...(masterId ? { masterId } : {}) } });
  expect(envelope, envelope.message).toMatchObject({ success: true, code: ServerCode.ADDED });
  return envelope.message;
};

/** Registers the loggers, then adds a station with them; its id. */
export const addStationWithLoggers = async (t: TestApp, token: string, values: { name: string; gsns: readonly string[]; masterId?: string }): Promise<string> => {
  await registerLoggers(t, token, values.gsns);
  return addStation(t, token, values);
};
