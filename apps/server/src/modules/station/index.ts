import fp from 'fastify-plugin';
import { adminRoom, userRoom } from '../../access/station-scope.js';
import { type StationFace, createStationFace } from './station.face.js';
import { createStationRepository } from './station.repository.js';
import { createStationStatusRepository } from './station-status.repository.js';
import { createStationService } from './station.service.js';
import { createStationChartService } from './station-chart.service.js';
import routes from './station.routes.js';
import chartRoutes from './station-chart.routes.js';

export type { StationFace } from './station.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The station module's face (modules/station/station.face.ts). */
    stations: StationFace;
  }
}

/** The station module's one door: stations, the wizard that binds loggers to them, their chart, and what others ask of them (app.stations: moves with a user, status, seeding, change notices). Its routes are under /boot. */
export default fp(
  async (app) => {
    const stations = createStationRepository(app.db);
    const statuses = createStationStatusRepository(app.db);
    // Seeding (the demo fleet's stations) tells nobody and logs nothing, as the first start's rows.
    const changed = (ids: string[]) => {
      void stations
        .audiences(ids)
        .then((audiences) => {
          for (const { tenantId, userIds } of audiences) app.realtime.toRooms([adminRoom(tenantId), ...userIds.map(userRoom)], 'station.changed', { ids });
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not tell consoles of a station change'));
    };
    const seeding = createStationService({ stations, statuses, tenants: app.tenantMemberships, dicts: app.dicts, loggersMoved: () => undefined, changed: () => undefined });
    app.decorate('stations', createStationFace(stations, statuses, seeding, changed));
    const service = createStationService({
      stations,
      statuses,
      tenants: app.tenantMemberships,
      dicts: app.dicts,
      dataLog: app.dataLog,
      loggersMoved: (gsns) => {
        for (const gsn of gsns) app.devicePlane.forget(gsn);
      },
      changed,
    });
    await app.register(routes, { prefix: '/boot', service });
    await app.register(chartRoutes, { prefix: '/boot', chart: createStationChartService({ stations, batteries: app.batteries }) });
  },
  { name: 'module-station', dependencies: ['module-battery', 'module-data-log', 'module-dict'] },
);
