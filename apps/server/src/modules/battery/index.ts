import fp from 'fastify-plugin';
import { type BatteryRecords, createBatteryRecords } from './battery.face.js';
import { createBatteryRepository } from './battery.repository.js';
import { createBatteryReadingRepository } from './battery-reading.repository.js';
import { createBatteryService } from './battery.service.js';
import { createBatteryHistoryService } from './battery-history.service.js';
import { createBatteryReadingService } from './battery-reading.service.js';
import routes from './battery.routes.js';

export type { BatteryRecords } from './battery.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The battery module's face (modules/battery/battery.face.ts). */
    batteries: BatteryRecords;
  }
}

/** The battery module's one door: batteries (app.batteries) and every call under /want/battery/. Its routes are under /boot. */
export default fp(
  async (app) => {
    const batteries = createBatteryRepository(app.db);
    const readings = createBatteryReadingRepository(app.db);
    app.decorate('batteries', createBatteryRecords(batteries, readings));
    await app.register(routes, {
      prefix: '/boot',
      service: createBatteryService(batteries),
      readings: createBatteryReadingService(batteries, readings),
      history: createBatteryHistoryService(readings),
      // The battery-change door comes after this one: its face is read when a move is asked for.
      moves: { move: (auth, request) => app.batteryChanges.moves.move(auth, request) },
    });
  },
  { name: 'module-battery', dependencies: [] },
);
