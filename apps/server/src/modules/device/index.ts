import fp from 'fastify-plugin';
import { type DeviceRecords, createDeviceRecords } from './device.face.js';
import { createDeviceRepository } from './device.repository.js';
import { createBatteryService } from './battery.service.js';
import { createDeviceService } from './device.service.js';
import { createLoggerImportService } from './logger-import.service.js';
import { createLoggerKeyService } from './logger-key.service.js';
import { createLoggerPlacementService } from './logger-placement.service.js';
import routes from './device.routes.js';

export type { DeviceRecords } from './device.face.js';
export type { LoggerIdentity } from './device.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device module's face (modules/device/device.face.ts). */
    devices: DeviceRecords;
  }
}

/** The device module's one door: loggers and batteries (app.devices) and their screens' calls. Its routes are under /boot. */
export default fp(
  async (app) => {
    const devices = createDeviceRepository(app.db);
    app.decorate('devices', createDeviceRecords(devices));
    const service = createDeviceService(devices, app.tenantMemberships, undefined, { registered: (gsns) => app.devicePlane.loggersRegistered(gsns), dataLog: app.dataLog });
    await app.register(routes, {
      prefix: '/boot',
      service,
      batteryService: createBatteryService(devices),
      keys: createLoggerKeyService({ devices, keyChanged: (gsn) => app.devicePlane.loggerKeyChanged(gsn) }),
      // The battery-change door comes after this one: its face is read when a move is asked for.
      batteryMoves: { move: (auth, request) => app.batteryChanges.moves.move(auth, request) },
      // Registration from a spreadsheet: the same rules, registrant and broker accounts as registerBatch.
      loggerImport: createLoggerImportService({ register: (auth, loggers) => service.registerLoggers(auth, loggers) }),
      // The station door comes after this one: its face is read when a logger leaves a station.
      placement: createLoggerPlacementService({
        devices,
        dataLog: app.dataLog,
        refreshStation: (stationId) => app.stations.refreshStatus(stationId),
        stationsChanged: (stationIds) => app.stations.changed(stationIds),
        loggersMoved: (gsns) => {
          for (const gsn of gsns) app.devicePlane.forget(gsn);
        },
      }),
    });
  },
  { name: 'module-device', dependencies: ['module-announcement', 'module-data-log', 'module-dict', 'module-job'] },
);
