import fp from 'fastify-plugin';
import { adminRoom, userRoom } from '../../access/station-scope.js';
import { type StationMoves, createStationMoves } from './station.face.js';
import { createStationRepository } from './station.repository.js';
import { createStationStatusRepository } from './station-status.repository.js';
import { createStationService } from './station.service.js';
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
    const service = createStationService({
      stations,
      statuses: createStationStatusRepository(app.db),
      devices: app.devices,
      tenants: app.tenantMemberships,
      dicts: app.dicts,
      dataLog: app.dataLog,
      loggersMoved: (gsns) => {
        for (const gsn of gsns) app.devicePlane.forget(gsn);
      },
      changed: (ids) => {
        void stations
          .audiences(ids)
          .then((audiences) => {
            for (const { tenantId, userIds } of audiences) app.realtime.toRooms([adminRoom(tenantId), ...userIds.map(userRoom)], 'station.changed', { ids });
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not tell consoles of a station change'));
      },
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-station', dependencies: ['module-data-log', 'module-device', 'module-dict'] },
);
