import fp from 'fastify-plugin';
import { createAreaRepository } from './area.repository.js';
import { createAreaService } from './area.service.js';
import routes from './area.routes.js';

/** The area module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot', service: createAreaService(createAreaRepository(app.db)) });
  },
  { name: 'module-area' },
);
