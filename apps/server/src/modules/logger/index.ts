import fp from 'fastify-plugin';
import { type LoggerRecords, createLoggerRecords } from './logger.face.js';
import { createLoggerRepository } from './logger.repository.js';
import { createLoggerService } from './logger.service.js';
import { createLoggerImportService } from './logger-import.service.js';
import { createLoggerKeyService } from './logger-key.service.js';
import { createLoggerPlacementService } from './logger-placement.service.js';
import routes from './logger.routes.js';

export type { LoggerRecords } from './logger.face.js';
export type { LoggerIdentity } from './logger.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The logger module's face (modules/logger/logger.face.ts). */
    loggers: LoggerRecords;
  }
}

/** The logger module's one door: loggers (app.loggers) and every call under /want/logger/. Its routes are under /boot. */
export default fp(
  async (app) => {
    const loggers = createLoggerRepository(app.db);
    app.decorate('loggers', createLoggerRecords(loggers));
    const service = createLoggerService(loggers, app.tenantMemberships, { registered: (gsns) => app.devicePlane.loggersRegistered(gsns), dataLog: app.dataLog });
    await app.register(routes, {
      prefix: '/boot',
      service,
      keys: createLoggerKeyService({ loggers, keyChanged: (gsn) => app.devicePlane.loggerKeyChanged(gsn) }),
      // Registration from a spreadsheet: the same rules, registrant and broker accounts as registerBatch.
      loggerImport: createLoggerImportService({ register: (auth, rows) => service.registerLoggers(auth, rows) }),
      // The station door comes after this one: its face is read when a logger leaves a station.
      placement: createLoggerPlacementService({
        loggers,
        dataLog: app.dataLog,
        refreshStation: (stationId) => app.stations.refreshStatus(stationId),
        stationsChanged: (stationIds) => app.stations.changed(stationIds),
        loggersMoved: (gsns) => {
          for (const gsn of gsns) app.devicePlane.forget(gsn);
        },
      }),
    });
  },
  { name: 'module-logger', dependencies: ['module-announcement', 'module-data-log', 'module-dict', 'module-job'] },
);
