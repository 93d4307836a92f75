import fp from 'fastify-plugin';
import { createHistoryRepository } from './history.repository.js';
import { createHistoryService } from './history.service.js';
import routes from './history.routes.js';

/** The history module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot', service: createHistoryService(createHistoryRepository(app.db), app.devices) });
  },
  { name: 'module-history', dependencies: ['module-device'] },
);
