import fp from 'fastify-plugin';
import { createDashboardRepository } from './dashboard.repository.js';
import { createDashboardService } from './dashboard.service.js';
import routes from './dashboard.routes.js';

/** The dashboard module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot', service: createDashboardService(createDashboardRepository(app.db)) });
  },
  { name: 'module-dashboard' },
);
