import fp from 'fastify-plugin';
import { createBatteryChangeRepository } from './battery-change.repository.js';
import { createBatteryChangeService } from './battery-change.service.js';
import routes from './battery-change.routes.js';

/** The battery-change module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    const devices = app.devices;
    const service = createBatteryChangeService({
      changes: createBatteryChangeRepository(app.db),
      dicts: app.dicts,
      // Those who see the logger hear of the change (the device events' rooms).
      recorded: (change) =>
        void devices
          .findLogger(change.loggerGsn)
          .then((logger) => app.devicePlane.notify(logger, (rooms) => app.realtime.toRooms(rooms, 'battery.changed', { gsn: change.loggerGsn, oldSn: change.oldSn, newSn: change.newSn, source: change.source })))
          .catch((error: unknown) => app.log.warn({ err: error }, `could not tell consoles of a battery change on ${change.loggerGsn}`)),
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-battery-change', dependencies: ['module-device', 'module-dict'] },
);
