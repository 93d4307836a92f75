import { createHash, randomBytes } from 'node:crypto';
import type { Fleet, LoggerCredentials } from '@cellsight/simulator';
import fp from 'fastify-plugin';
import { AccountType, addStationSchema, defaultTimeZoneDictId, dictIdOfTimeZone } from '@cellsight/contract';
import { adminUser, defaultTenant, demoStations, demoUsers } from '../../db/seed-data.js';
import type { AuthContext } from '../../access/auth-context.js';

/** Files the demo's firmware library starts with (the simulated batteries run 1.4.2 and the loggers 2.3.0). */
const demoFirmware = [
  { deviceType: 'battery', version: '1.5.0', remark: 'Demo: gentler cell balancing' },
  { deviceType: 'logger', version: '2.4.0', remark: 'Demo: faster reconnects on 4G' },
] as const;

/** The demo loggers that stay on no station: registered to the first demo installer, for the creation wizard. */
const wizardRegistrant = demoUsers.find((u) => u.accountType === AccountType.Installer)?.id ?? null;

/**
 * DEMO=1: registers a small fleet of virtual loggers and runs them in-process against the
 * platform's broker, so a newcomer sees live, changing data. Each installation gets its own
 * random keys, kept in the database like a real logger's.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const { loggers, batteriesPerLogger } = config.demoFleet;
    if (!config.demo || loggers === 0) return;
    const timezone = config.defaultRegion === 'HK' ? 'Asia/Hong_Kong' : 'Europe/Berlin';
    const gsns = Array.from({ length: loggers }, (_, i) => `SIMDEMO${String(i + 1).padStart(4, '0')}`);
    await app.loggers.insertLoggers(
      gsns.map((gsn, index) => ({
        gsn,
        registrationKey: randomBytes(16).toString('hex'),
        timezone,
        tenantId: defaultTenant.id,
        registrantId: demoStations.some((s) => s.logger === index + 1) ? null : wizardRegistrant,
        createBy: 'demo',
      })),
    );
    const credentials: LoggerCredentials[] = [];
    for (const gsn of gsns) {
      const logger = await app.loggers.findLogger(gsn);
      if (logger) credentials.push({ gsn, key: logger.registrationKey, batterySns: Array.from({ length: batteriesPerLogger }, (_, i) => `${gsn}-B${String(i + 1).padStart(2, '0')}`) });
    }

    // The demo hierarchy's stations, each with its logger, made the way the wizard makes them.
    const seeder: AuthContext = { userId: adminUser.id, username: 'demo', realname: 'Demo', demo: false, accountType: AccountType.Admin, sessionId: '', tenantId: defaultTenant.id, platform: true, permissions: new Set() };
    for (const station of demoStations) {
      const login = credentials[station.logger - 1];
      const logger = login ? await app.loggers.findLogger(login.gsn) : null;
      if (!login || !logger || logger.stationId !== null) continue;
      await app.stations.addSeedStation(seeder, addStationSchema.parse({
        name: station.name,
        masterId: station.ownerId,
        lat: station.lat,
        lon: station.lon,
        address: station.address,
        timezone: dictIdOfTimeZone(timezone) ?? defaultTimeZoneDictId,
        logger: JSON.stringify([{ gsn: login.gsn, key: login.key, product_code: `${login.gsn}-M1` }]),
      }));
    }
    // Firmware to try a remote upgrade with: a battery and a logger version, in the library once.
    const { firmware } = app;
    for (const file of demoFirmware) {
      if (await firmware.versionTaken(defaultTenant.id, file.deviceType, file.version)) continue;
      const data = Buffer.from(`Cellsight demo ${file.deviceType} firmware ${file.version}\n`.repeat(2048));
      const sha256 = createHash('sha256').update(data).digest('hex');
      await firmware.upload(seeder, { version: file.version, deviceType: file.deviceType, sha256, remark: file.remark }, { data, fileName: `${file.deviceType}-${file.version}.bin` });
    }

    const unbound = credentials.filter((_, index) => !demoStations.some((s) => s.logger === index + 1));
    if (unbound.length > 0) {
      // For a person trying the wizard: these run but are on no station (their keys are this installation's own).
      app.log.info(`demo fleet: loggers on no station yet (sign in as 'installer' and create a station with them): ${unbound.map((c) => `${c.gsn} key ${c.key}`).join(', ')}`);
    }

    let fleet: Fleet | null = null;
    app.addHook('onReady', async () => {
      const mqttUrl = config.mqtt.url ?? `mqtt://127.0.0.1:${app.devicePlane.brokerPort}`;
      // The simulator (and mqtt.js with it) loads only for a demo.
      const { startFleet } = await import('@cellsight/simulator');
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
  // Registered by the device plane's door, whose app.devicePlane it runs against.
  { name: 'demo-fleet', dependencies: ['module-firmware', 'module-station'] },
);
