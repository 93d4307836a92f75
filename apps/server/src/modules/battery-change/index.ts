import fp from 'fastify-plugin';
import { type BatteryChanges, createBatteryChanges } from './battery-change.face.js';
import { createBatteryChangeRepository } from './battery-change.repository.js';
import { createBatteryChangeService } from './battery-change.service.js';
import { createBatteryMoveService } from './battery-move.service.js';
import routes from './battery-change.routes.js';

export type { BatteryChanges } from './battery-change.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The battery-change module's face (modules/battery-change/battery-change.face.ts). */
    batteryChanges: BatteryChanges;
  }
}

/** The battery-change module's one door: the records, what the device plane and the Loggers screen record (app.batteryChanges). Its routes are under /boot. */
export default fp(
  async (app) => {
    const loggers = app.loggers;
    const changes = createBatteryChangeRepository(app.db);
    const moves = createBatteryMoveService({
      loggers,
      batteries: app.batteries,
      changes,
      moved: (batterySn, to) => {
        app.devicePlane.forgetBattery(batterySn);
        // The battery is new to this logger: the consoles that see it refresh as when a logger reports one first.
        app.devicePlane.notify(to, (rooms) => {
          app.realtime.toRooms(rooms, 'battery.added', { gsn: to.gsn, batterySns: [batterySn] });
          app.realtime.toRooms(rooms, 'battery.changed', { gsn: to.gsn, oldSn: batterySn, newSn: batterySn, source: 'moved' });
        });
      },
    });
    app.decorate('batteryChanges', createBatteryChanges(changes, moves));
    const service = createBatteryChangeService({
      changes,
      dicts: app.dicts,
      // Those who see the logger hear of the change (the device events' rooms).
      recorded: (change) =>
        void loggers
          .findLogger(change.loggerGsn)
          .then((logger) => app.devicePlane.notify(logger, (rooms) => app.realtime.toRooms(rooms, 'battery.changed', { gsn: change.loggerGsn, oldSn: change.oldSn, newSn: change.newSn, source: change.source })))
          .catch((error: unknown) => app.log.warn({ err: error }, `could not tell consoles of a battery change on ${change.loggerGsn}`)),
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-battery-change', dependencies: ['module-battery', 'module-logger', 'module-dict'] },
);
