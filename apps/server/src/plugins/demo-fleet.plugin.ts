import { randomBytes } from 'node:crypto';
import { type Fleet, type LoggerCredentials, startFleet } from '@cellsight/simulator';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { defaultTenant } from '../db/seed-data.js';
import { createDeviceRepository } from '../modules/device/device.repository.js';

/**
 * DEMO=1: registers a small fleet of virtual loggers and runs them in-process against the
 * platform's broker, so a newcomer sees live, changing data. Each installation gets its own
 * random keys, kept in the database like a real logger's.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { loggers, batteriesPerLogger } = config.demoFleet;
    if (!config.demo || loggers === 0) return;
    const devices = createDeviceRepository(app.db);
    const timezone = config.defaultRegion === 'HK' ? 'Asia/Hong_Kong' : 'Europe/Berlin';
    const gsns = Array.from({ length: loggers }, (_, i) => `SIMDEMO${String(i + 1).padStart(4, '0')}`);
    await devices.insertLoggers(gsns.map((gsn) => ({ gsn, registrationKey: randomBytes(16).toString('hex'), timezone, tenantId: defaultTenant.id, createBy: 'demo' })));
    const credentials: LoggerCredentials[] = [];
    for (const gsn of gsns) {
      const logger = await devices.findLogger(gsn);
      if (logger) credentials.push({ gsn, key: logger.registrationKey, batterySns: Array.from({ length: batteriesPerLogger }, (_, i) => `${gsn}-B${String(i + 1).padStart(2, '0')}`) });
    }

    let fleet: Fleet | null = null;
    app.addHook('onReady', async () => {
      const mqttUrl = config.mqtt.url ?? `mqtt://127.0.0.1:${app.devicePlane.brokerPort}`;
      fleet = startFleet({
        mqttUrl,
        credentials,
        timezone,
        sampleIntervalMs: 10_000,
        offlineProbability: 0.002,
        eventProbability: 0.002,
        log: (level, message) => (level === 'error' || level === 'warn' ? app.log.warn(`demo fleet: ${message}`) : app.log.debug(`demo fleet: ${message}`)),
      });
      app.log.info(`demo fleet: ${credentials.length} virtual loggers with ${batteriesPerLogger} batteries each are sending data`);
    });
    app.addHook('preClose', async () => {
      await fleet?.stop();
    });
  },
  { name: 'demo-fleet', dependencies: ['device-plane'] },
);
