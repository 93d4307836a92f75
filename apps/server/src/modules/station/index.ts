import fp from 'fastify-plugin';
import { type StationMoves, createStationMoves } from './station.face.js';
import { createStationRepository } from './station.repository.js';
import routes from './station.routes.js';

export type { StationMoves } from './station.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The station module's face (modules/station/station.face.ts). */
    stations: StationMoves;
  }
}

/** The station module's one door: stations and their loggers, and what moves with a user (app.stations). Its routes are under /boot. */
export default fp(
  async (app) => {
    const stations = createStationRepository(app.db);
    app.decorate('stations', createStationMoves(stations));
    await app.register(routes, { prefix: '/boot', stations });
  },
  { name: 'module-station', dependencies: ['module-data-log', 'module-device', 'module-dict'] },
);
