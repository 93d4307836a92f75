import fp from 'fastify-plugin';
import { createBatteryCellsRepository } from './battery-cells.repository.js';
import { createBatteryCellsService } from './battery-cells.service.js';
import routes from './battery-cells.routes.js';

/** The battery-cells module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot', service: createBatteryCellsService(createBatteryCellsRepository(app.db), app.devices) });
  },
  { name: 'module-battery-cells', dependencies: ['module-device'] },
);
