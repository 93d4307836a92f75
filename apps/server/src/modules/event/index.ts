import fp from 'fastify-plugin';
import { createEventRepository } from './event.repository.js';
import { createEventService } from './event.service.js';
import routes from './event.routes.js';

/** The event module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    const loggers = app.loggers;
    const service = createEventService({
      events: createEventRepository(app.db),
      dicts: app.dicts,
      acknowledged: (events) => {
        // Those who see each logger hear of its events' acknowledgement (the device events' rooms).
        const byLogger = new Map<string, string[]>();
        for (const { id, loggerGsn } of events) byLogger.set(loggerGsn, [...(byLogger.get(loggerGsn) ?? []), id]);
        for (const [gsn, ids] of byLogger) {
          void loggers
            .findLogger(gsn)
            .then((logger) => app.devicePlane.notify(logger, (rooms) => app.realtime.toRooms(rooms, 'event.acknowledged', { ids })))
            .catch((error: unknown) => app.log.warn({ err: error }, `could not tell consoles of acknowledged events of ${gsn}`));
        }
      },
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-event', dependencies: ['module-logger', 'module-dict'] },
);
